// GET /api/shipping/options: the parcel sizes with their limits, prices per destination
// country and carriers (docs/shipping.md).
import { route } from "@/lib/domains/route";
import { shippingOptions, shippingProviderName } from "@/lib/domains/shipping";

export const GET = route({
  auth: "public",
  handler: async () => ({ provider: shippingProviderName(), sizes: shippingOptions() }),
});
