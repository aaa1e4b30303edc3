/** What client components may use of the shipping domain: types only (nothing that needs the server). */
export type { Address, Country, ParcelSize, ServicePoint, ShipmentStatus } from "./providers/types";
export type { DeliveryMethod } from "./rules";
