/** The orders domain: the only way in for code outside it (client code uses ./client). */
export { addToCart, getCart, removeFromCart } from "./cart";
export { cancelCheckout, checkoutStatus, testCheckoutAction, testCheckoutView } from "./checkout-status";
export { returnOrigin, shownCartPrices, shownPrices, startCartCheckout, startCheckout } from "./checkout";
export { ordersJobs } from "./jobs";
export { productsWithOpenOrders } from "./open-orders";
export { payoutAccountOf, startPayoutOnboarding } from "./payout-accounts";
export { requestLocale } from "./request";
export { releaseReservationsOf } from "./reservations";
export { cartCheckoutBody, cartCheckoutQuery, confirmDeliveryBody, deliveryRequestOf, handoverBody, idParams, looseCheckoutBody, looseCheckoutQuery, ordersQuery, productCheckoutBody, productIdQuery, resolveDisputeBody, sessionParams } from "./schemas";
export { ORDER_FILTERS, isOrderFilter, type OrderFilter } from "./filters";
export { orderInclude, serializeOrder } from "./serialize";
export type { OrderJson } from "./serialize";
export { cancelOrder, confirmDelivery, handover, hasOpenCheckout, listDisputes, listOrders, resolveDispute, sellerCancel } from "./service";
export { viewerDeal } from "./viewer-deal";
export type { ViewerDeal } from "./viewer-deal";
export { ESCROW } from "./states";
export { shippingEscrow } from "./shipping-escrow";
export { handleStripeEvent } from "./webhooks";
