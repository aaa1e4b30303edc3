/** The shipping domain: the only way in for code outside it (docs/shipping.md). */
export { deliveryChoiceSchema, deliveryFields, normalisePostcode, servicePointsQuery, shippingAddressSchema } from "./schemas";
export type { DeliveryChoice, ShippingAddress } from "./schemas";
export { lastDestination, rememberDestination } from "./destination";
export { carrierFor, shippingOptions, shippingPriceCents, sizeRank, shippingProvider, shippingProviderName, myParcelWebhookFromMyParcel } from "./providers";
export type { Address, Carrier, CreateShipmentInput, ParcelSize, ServicePoint, ShipmentStatus } from "./providers/types";
export { WebhookPayloadError } from "./providers/types";
export { DELIVERY_METHODS, SHIPPING, addWorkingDays, canAdvance, claimUntil, isScanned } from "./rules";
export type { DeliveryMethod } from "./rules";
export { findServicePoint, listServicePoints } from "./service-points";
export { registerEscrow } from "./escrow";
export type { Escrow } from "./escrow";
export { createParcels, planDelivery, resolveDestination, shippingTotal } from "./parcels";
export type { DeliveryRequest } from "./parcels";
export { shipmentView, stateOfParcel } from "./shipment-view";
export { startShippingClock } from "./shipment-events";
export { shippingJobs } from "./shipping-jobs";
export { createShipment, handleShippingWebhook, shipmentLabel, TEST_EVENTS as TEST_SHIPMENT_EVENTS, testShipmentEvent } from "./shipments";
