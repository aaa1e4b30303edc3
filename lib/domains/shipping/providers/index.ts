/**
 * The shipping provider this configuration asks for, like lib/domains/payments/provider.ts:
 * MyParcel when MYPARCEL_API_KEY is set, otherwise the test provider, which refuses to run
 * with NODE_ENV=production unless ALLOW_TEST_SHIPPING_IN_PRODUCTION is set.
 */
import { AppError } from "@/lib/platform/api/errors";
import { env, type Env } from "@/lib/platform/env";
import { createMyParcelProvider, myParcelWebhookAuthorized, type MyParcelProvider } from "./myparcel";
import { createTestShippingProvider } from "./test-provider";
import type { ShippingProvider, ShippingProviderName } from "./types";

export type * from "./types";
export {
  
  carrierFor,
  
  shippingOptions,
  shippingPriceCents,
  sizeRank,
  
} from "./prices";

let cached: { config: Env; provider: ShippingProvider } | undefined;

export function shippingProvider(): ShippingProvider {
  const config = env();
  if (cached?.config !== config) cached = { config, provider: createProvider(config) };
  return cached.provider;
}

/** Which provider is configured, without creating it. */
export function shippingProviderName(config: Env = env()): ShippingProviderName {
  return config.MYPARCEL_API_KEY ? "myparcel" : "test";
}

function myParcel(config: Env): MyParcelProvider {
  if (!config.MYPARCEL_API_KEY) {
    throw new AppError("unavailable", "MyParcel is not configured (MYPARCEL_API_KEY)", { code: "unavailable" });
  }
  return createMyParcelProvider({ apiKey: config.MYPARCEL_API_KEY, apiUrl: config.MYPARCEL_API_URL });
}

function createProvider(config: Env): ShippingProvider {
  if (config.MYPARCEL_API_KEY) return myParcel(config);
  if (config.NODE_ENV === "production" && !config.ALLOW_TEST_SHIPPING_IN_PRODUCTION) {
    throw new AppError(
      "unavailable",
      "Shipping is not configured (set MYPARCEL_API_KEY, or ALLOW_TEST_SHIPPING_IN_PRODUCTION for a demo)",
      { code: "unavailable" },
    );
  }
  return createTestShippingProvider({ appUrl: config.APP_URL });
}

/**
 * Subscribes `url` (https, lowercase: e.g. https://kringwaar.nl/api/webhooks/shipping/myparcel)
 * to MyParcel's shipment_status_change hook; for an operator, once per environment.
 * Returns the id.
 * @public
 */
export async function subscribeMyParcelWebhook(url: string): Promise<number> {
  return myParcel(env()).subscribeWebhook(url);
}

/** True when a webhook's X-MyParcel-Authorization header is base64 of our API key. */
export function myParcelWebhookFromMyParcel(header: string | null | undefined): boolean {
  const key = env().MYPARCEL_API_KEY;
  return key !== undefined && myParcelWebhookAuthorized(header, key);
}
