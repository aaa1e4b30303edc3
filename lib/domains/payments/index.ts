/** The payments domain: the only way in for code outside it (client code uses ./client). */
export { commissionCents, itemTotalCents } from "./fees";
export { paymentProvider, providerName } from "./provider";
export { WebhookSignatureError } from "./types";
export type { CheckoutLine, ProviderCheckout, ProviderEvent } from "./types";
