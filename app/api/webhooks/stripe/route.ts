// POST /api/webhooks/stripe: Stripe's events, verified on the raw body (400 otherwise)
// and processed once each (lib/orders/webhooks.ts). Not part of the route wrapper: no
// user, no Origin, and the body must stay exactly as sent.
import { json } from "@/lib/api/route";
import { dropCachedPages } from "@/lib/catalog/page-cache";
import { log } from "@/lib/log";
import { paymentProvider } from "@/lib/payments";
import { WebhookSignatureError } from "@/lib/payments/types";
import { handleStripeEvent } from "@/lib/orders/webhooks";

export async function POST(req: Request): Promise<Response> {
  const provider = paymentProvider();
  if (provider.name !== "stripe") return json({ detail: "Stripe is not configured" }, 404);
  const raw = await req.text();
  let event;
  try {
    event = provider.verifyWebhook(raw, req.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) return json({ detail: "Invalid signature" }, 400);
    throw error;
  }
  try {
    await handleStripeEvent(event);
  } catch (error) {
    // 500 makes Stripe retry; nothing was recorded (the event id is in the same transaction).
    log().error({ err: error, eventId: event.id, type: event.type }, "webhook processing failed");
    return json({ detail: "Webhook processing failed" }, 500);
  }
  // A paid checkout sells or frees products the public pages show.
  dropCachedPages();
  return json({ received: true });
}
