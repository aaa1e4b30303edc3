// POST /api/webhooks/shipping/myparcel: MyParcel's `shipment_status_change` hook. The body
// only claims which shipments changed; each claim counts after MyParcel itself confirms
// the shipment's status (lib/domains/shipping/shipments.ts). A call without MyParcel's
// X-MyParcel-Authorization (base64 of our API key) is refused with 401 before anything is
// read or asked. Not part of the route wrapper: no user, no Origin.
import { readBodyText, tooLargeBody } from "@/lib/platform/api/body";
import { AppError } from "@/lib/platform/api/errors";
import { log } from "@/lib/platform/log";
import { json } from "@/lib/domains/route";
import { dropCachedPages } from "@/lib/domains/catalog";
import { handleShippingWebhook, myParcelWebhookFromMyParcel, shippingProviderName, WebhookPayloadError } from "@/lib/domains/shipping";

const MAX_WEBHOOK_BYTES = 64 * 1024;

export async function POST(req: Request): Promise<Response> {
  if (shippingProviderName() !== "myparcel") return json({ detail: "MyParcel is not configured", code: "not_found" }, 404);
  if (!myParcelWebhookFromMyParcel(req.headers.get("x-myparcel-authorization"))) {
    return json({ detail: "Missing or wrong X-MyParcel-Authorization", code: "unauthorized" }, 401);
  }
  let raw: string;
  try {
    raw = await readBodyText(req, MAX_WEBHOOK_BYTES, () => tooLargeBody(MAX_WEBHOOK_BYTES));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return json({ detail: error.message, code: error.code }, error.status);
  }
  try {
    const result = await handleShippingWebhook(raw);
    // A returned parcel puts its item back on sale.
    if (result.applied > 0) dropCachedPages();
    return json(result);
  } catch (error) {
    if (error instanceof WebhookPayloadError) return json({ detail: "Not a shipment_status_change hook", code: "bad_webhook" }, 400);
    // 500 makes MyParcel retry; what was applied stays applied (steps only move forward).
    log().error({ err: error }, "shipping webhook failed");
    return json({ detail: "Webhook processing failed", code: "internal" }, 500);
  }
}
