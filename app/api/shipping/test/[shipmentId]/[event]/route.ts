// POST /api/shipping/test/{shipment_id}/{event}: a carrier scan played by the test
// shipping provider (in_transit, delivered, returned, lost); 404 while a real provider is
// configured, like the test payment pages. The parcel's buyer, seller or an admin.
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { route } from "@/lib/domains/route";
import { shippingProviderName, TEST_SHIPMENT_EVENTS, testShipmentEvent } from "@/lib/domains/shipping";

export const POST = route({
  auth: "user",
  params: z.object({ shipmentId: z.string().max(100), event: z.enum(TEST_SHIPMENT_EVENTS, { error: "event must be in_transit, delivered, returned or lost" }) }),
  handler: ({ user, params }) => {
    if (shippingProviderName() !== "test") throw new AppError("not_found", "Not found", { code: "not_found" });
    return testShipmentEvent(user, params.shipmentId, params.event);
  },
});
