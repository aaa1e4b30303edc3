/** What client components may use of the shipping domain: the types and the delivery fields of the checkout bodies (nothing that needs the server). */
export type { Address,  Country, ParcelSize, ServicePoint, ShipmentStatus } from "./providers/types";
export type { DeliveryMethod } from "./rules";
export { DELIVERY_METHODS } from "./rules";
export { deliveryFields } from "./schemas";
