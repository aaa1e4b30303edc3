/**
 * Runs the app in Stripe mode inside a test file: the real `stripe` SDK in our code
 * talks to the local double (tests/support/stripe-double.ts). Call setupStripeMode() once
 * at the top of the file; paymentProvider() creates the Stripe provider anew because
 * resetEnvCache() gives it a new env object.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { POST as webhookRoute } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/platform/db/client";
import { resetEnvCache } from "@/lib/platform/env";
import { registerUser, type RegisteredUser } from "./factories";
import { call, type CallResult } from "./http";
import { checkout } from "./orders";
import { signedWebhook, startStripeDouble, stripeEvent, type StripeDouble } from "./stripe-double";

export const STRIPE_SECRET_KEY = "sk_test_kringwaar";
export const WEBHOOK_SECRET = "whsec_test_kringwaar0123456789abcdefghijkl";

const VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_URL"] as const;

async function enableStripeMode(): Promise<StripeDouble> {
  const double = await startStripeDouble();
  process.env.STRIPE_SECRET_KEY = STRIPE_SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = double.url;
  resetEnvCache();
  return double;
}

async function disableStripeMode(double: StripeDouble | undefined): Promise<void> {
  for (const name of VARIABLES) delete process.env[name];
  resetEnvCache();
  await double?.close();
}

export type StripeMode = {
  /** The Stripe double, cleared before each test. */
  readonly double: StripeDouble;
  /** The seller of the file's products. */
  readonly seller: RegisteredUser;
  /** An admin, told about transfers reversed and chargebacks. */
  readonly admin: RegisteredUser;
  /** A fresh buyer per test keeps each one far from the checkout rate limit. */
  newBuyer(): Promise<RegisteredUser>;
};

/**
 * Registers the file's hooks: before all tests Stripe mode is switched on and a seller
 * and an admin are registered; before each test the double forgets its requests; after
 * all tests Stripe mode is switched off again. Read `double`, `seller` and `admin` inside
 * tests and hooks, once the file's beforeAll has run.
 */
export function setupStripeMode(): StripeMode {
  let double: StripeDouble | undefined;
  let seller: RegisteredUser | undefined;
  let admin: RegisteredUser | undefined;
  let buyerCount = 0;

  beforeAll(async () => {
    double = await enableStripeMode();
    seller = await registerUser({ name: "Tijs van den Berg" });
    admin = await registerUser({ name: "Bea Beheerder" });
    await db.user.update({ where: { id: admin.id }, data: { isAdmin: true } });
  });

  afterAll(async () => {
    await disableStripeMode(double);
  });

  beforeEach(() => {
    ready(double, "double").clear();
  });

  return {
    get double() {
      return ready(double, "double");
    },
    get seller() {
      return ready(seller, "seller");
    },
    get admin() {
      return ready(admin, "admin");
    },
    newBuyer() {
      buyerCount += 1;
      return registerUser({ name: `Koper ${buyerCount}` });
    },
  };
}

function ready<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`setupStripeMode: ${name} is set in beforeAll; read it inside a test or hook`);
  return value;
}

type Json = Record<string, unknown>;
type Delivery = { body: string; signature: string; event: ReturnType<typeof stripeEvent> };

/**
 * A signed delivery of one event (the same delivery can be sent more than once).
 * `created` (unix seconds) dates the event itself, e.g. an older event retried late.
 */
export function webhookDelivery(type: string, object: object, opts: { id?: string; timestamp?: number; created?: number } = {}): Delivery {
  const event = { ...stripeEvent(type, object, opts.id), ...(opts.created !== undefined ? { created: opts.created } : {}) };
  const signed = signedWebhook(event, WEBHOOK_SECRET, opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {});
  return { ...signed, event };
}

/** POSTs a delivery to /api/webhooks/stripe, raw body and Stripe-Signature header. */
export function deliver(delivery: Pick<Delivery, "body" | "signature">, headers: Record<string, string> = {}): Promise<CallResult> {
  return call(webhookRoute, {
    method: "POST",
    path: "/api/webhooks/stripe",
    body: delivery.body,
    headers: { "content-type": "application/json", "stripe-signature": delivery.signature, ...headers },
    ip: "203.0.113.80",
  });
}

/** Signs and delivers one event; throws unless the route answers 200. */
export async function sendEvent(type: string, object: object, opts: { id?: string; created?: number } = {}): Promise<Delivery> {
  const delivery = webhookDelivery(type, object, opts);
  const res = await deliver(delivery);
  if (res.status !== 200) throw new Error(`webhook ${type} answered ${res.status} ${JSON.stringify(res.body)}`);
  return delivery;
}

/** Our checkout row for a Stripe session id. */
export function checkoutRow(providerSessionId: string) {
  return db.checkoutSession.findUniqueOrThrow({ where: { providerSessionId } });
}

export type StripeCheckout = { sessionId: string; checkoutId: string; orderId: string; total: number };

/** Starts a checkout through POST /api/payment/create-checkout (Stripe mode). */
export async function startStripeCheckout(buyer: RegisteredUser, productId: string): Promise<StripeCheckout> {
  const started = await checkout(buyer, productId);
  if (started.status !== 200) throw new Error(`checkout failed: ${started.status} ${JSON.stringify(started.body)}`);
  const sessionId = started.body.session_id as string;
  const row = await checkoutRow(sessionId);
  return { sessionId, checkoutId: row.id, orderId: started.body.transaction_ids[0] as string, total: row.amountTotalCents };
}

export type PaidCheckout = StripeCheckout & { paymentIntentId: string; chargeId: string; session: Json };

/**
 * Checkout, the buyer pays on Stripe's page, and checkout.session.completed arrives: the
 * order is held.
 */
export async function payThroughWebhook(double: StripeDouble, buyer: RegisteredUser, productId: string): Promise<PaidCheckout> {
  const started = await startStripeCheckout(buyer, productId);
  const completed = double.completeSession(started.sessionId);
  await sendEvent("checkout.session.completed", completed.session);
  return { ...started, ...completed };
}
