// POST /api/webhooks/stripe: Stripe's events, verified on the raw body (400 otherwise)
// and processed once each (lib/domains/orders/webhooks.ts). Not part of the route wrapper: no
// user, no Origin, and the body must stay exactly as sent.
import { readBodyText, tooLargeBody } from "@/lib/platform/api/body";
import { AppError } from "@/lib/platform/api/errors";
import { json } from "@/lib/domains/route";
import { dropCachedPages } from "@/lib/domains/catalog";
import { log } from "@/lib/platform/log";
import { paymentProvider } from "@/lib/domains/payments";
import { WebhookSignatureError } from "@/lib/domains/payments";
import { handleStripeEvent } from "@/lib/domains/orders";

/**
 * Stripe's event payloads are a few KB (an event carries one object, whose lists hold
 * only their first page); 256 KB leaves ample room. Not exported: a route module may
 * export only what Next knows.
 */
const MAX_WEBHOOK_BYTES = 256 * 1024;

export async function POST(req: Request): Promise<Response> {
  const provider = paymentProvider();
  if (provider.name !== "stripe") return json({ detail: "Stripe is not configured", code: "not_found" }, 404);
  let raw: string;
  try {
    raw = await readBodyText(req, MAX_WEBHOOK_BYTES, () => tooLargeBody(MAX_WEBHOOK_BYTES));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Anyone can post here: a body Stripe would never send is refused before it is held
    // in memory or hashed for the signature.
    log().warn({ contentLength: req.headers.get("content-length") }, "webhook body too large");
    return json({ detail: error.message, code: error.code }, error.status);
  }
  let event;
  try {
    event = provider.verifyWebhook(raw, req.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return json({ detail: "Invalid signature", code: "invalid_signature" }, 400);
    throw error;
  }
  try {
    await handleStripeEvent(event);
  } catch (error) {
    // 500 makes Stripe retry; nothing was recorded (the event id is in the same transaction).
    log().error({ err: error, eventId: event.id, type: event.type }, "webhook processing failed");
    return json({ detail: "Webhook processing failed", code: "internal" }, 500);
  }
  // A paid checkout sells or frees products the public pages show.
  dropCachedPages();
  return json({ received: true });
}
