/**
 * A local double of the Stripe API on 127.0.0.1 (random port), for tests that run the
 * real `stripe` SDK (createStripeProvider with `apiUrl: double.url`). It implements just
 * the endpoints lib/domains/payments/stripe.ts calls, keeps their objects in memory and records
 * every request, form-decoded the way Stripe reads it (`a[b][0]=x` → {a: {b: ["x"]}}).
 * Values arrive as strings, as on the wire: `unit_amount: "14950"`.
 *
 * Like Stripe it requires a bearer key, replays a POST whose Idempotency-Key it has seen
 * (400 idempotency_error when the parameters differ), answers errors as
 * `{error: {type, message, code}}`, and refuses what the real API refuses in ways our
 * code could get wrong: `payment_method_types` (gone in this API version), expiring a
 * session that is not open, refunding more than is left on a charge, transfers to
 * unknown accounts or from unknown charges.
 *
 * Tests drive the rest of the world with completeSession, expireSession, setAccount and
 * fail (the next matching call fails once). signedWebhook and stripeEvent build webhook
 * deliveries signed with the real SDK.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export type RecordedRequest = {
  method: string;
  /** Without the query string. */
  path: string;
  /** The form-decoded parameters: the POST body, or the query string of a GET. */
  body: Json;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Answered from the idempotency cache instead of being executed again. */
  replayed: boolean;
};

export type StripeErrorBody = { type?: string; message?: string; code?: string; param?: string };

export type CompletedSession = {
  /** The session as a `checkout.session.*` event would carry it (ids, not objects). */
  session: Json;
  paymentIntentId: string;
  chargeId: string;
};

export type StripeDouble = {
  /** e.g. http://127.0.0.1:41234, for createStripeProvider's apiUrl. */
  url: string;
  requests: RecordedRequest[];
  /** The recorded requests for one method whose path starts with `pathPrefix`. */
  requestsTo(method: string, pathPrefix: string): RecordedRequest[];
  /** Forgets the recorded requests and pending failures; objects stay. */
  clear(): void;
  /** Forgets everything: requests, failures, objects and idempotency keys. */
  reset(): void;
  close(): Promise<void>;
  /** The stored object with this id (a copy), e.g. a session, charge or account. */
  get(id: string): Json | undefined;
  /**
   * The buyer finished the hosted page: the session becomes complete, with a payment
   * intent and a charge (succeeded when paid; pending for `unpaid`, i.e. an async method
   * still underway).
   */
  completeSession(id: string, options?: { paymentStatus?: "paid" | "unpaid" }): CompletedSession;
  /** The session ran out (or was ended in the Dashboard). */
  expireSession(id: string): Json;
  /** Creates or updates a connected account's onboarding state. */
  setAccount(id: string, state: { payoutsEnabled: boolean; detailsSubmitted: boolean }): Json;
  /**
   * The next request whose path starts with `pathPrefix` fails once with this status
   * and error. 409 and 5xx are retried by the SDK (maxNetworkRetries), so the retry then
   * succeeds; 4xx reach the caller. Failures are not stored under the idempotency key
   * (they happen "before" the request is executed), so a retry can succeed.
   */
  fail(pathPrefix: string, status: number, error?: StripeErrorBody): void;
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, extra: Omit<StripeErrorBody, "type" | "message"> = {}) =>
  new ApiError(400, { type: "invalid_request_error", message, ...extra });

const missing = (kind: string, id: string, param: string) =>
  new ApiError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'`, param });

function defaultErrorType(status: number): string {
  if (status === 402) return "card_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

const now = () => Math.floor(Date.now() / 1000);

const SKIPPED_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Decodes Stripe's form encoding into nested objects and arrays: `a[b][c]=1` sets
 * a.b.c, a numeric segment (`a[0]=x`) makes an array. `a[]=x` appends.
 */
export function decodeStripeForm(encoded: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    const segments = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [key];
    if (segments.some((segment) => SKIPPED_KEYS.has(segment))) continue;
    let container: Json | unknown[] = root;
    segments.forEach((segment, index) => {
      const last = index === segments.length - 1;
      const next = segments[index + 1];
      const isIndex = (s: string) => s === "" || /^\d+$/.test(s);
      if (Array.isArray(container)) {
        const position = segment === "" ? container.length : Number(segment);
        if (last) container[position] = value;
        else container = (container[position] ??= isIndex(next!) ? [] : {}) as Json | unknown[];
      } else {
        if (last) container[segment] = value;
        else container = (container[segment] ??= isIndex(next!) ? [] : {}) as Json | unknown[];
      }
    });
  }
  return root;
}

const clone = <T>(value: T): T => structuredClone(value);

function asJson(value: unknown): Json | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function asMetadata(value: unknown): Record<string, string> {
  const metadata = asJson(value) ?? {};
  return Object.fromEntries(Object.entries(metadata).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function requireString(body: Json, param: string): string {
  const value = asString(body[param]);
  if (value === undefined) throw invalid(`Missing required param: ${param}.`, { code: "parameter_missing", param });
  return value;
}

function requireAmount(value: unknown, param: string): number {
  const amount = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(amount)) {
    throw invalid(`Invalid integer: ${String(value)}`, { code: "parameter_invalid_integer", param });
  }
  return amount;
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const objects = new Map<string, Json>();
  /** `payment_intent_data` per session: completeSession puts it on the payment intent. */
  const intentData = new Map<string, Json>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: Json }>();
  const failures: Array<{ pathPrefix: string; status: number; error: StripeErrorBody }> = [];
  const requests: RecordedRequest[] = [];

  function find(id: string, kind: string, param: string): Json {
    const object = objects.get(id);
    if (!object || object.object !== kind) throw missing(kind, id, param);
    return object;
  }

  /** Replaces ids by their objects along each `expand` path (a.b expands a, then a.b). */
  function expand(object: Json, paths: unknown): Json {
    const result = clone(object);
    const list = Array.isArray(paths) ? paths.filter((p): p is string => typeof p === "string") : [];
    for (const path of list) {
      let target: Json | undefined = result;
      for (const field of path.split(".")) {
        if (!target) break;
        const value = target[field];
        if (typeof value === "string" && objects.has(value)) target[field] = clone(objects.get(value)!);
        target = asJson(target[field]);
      }
    }
    return result;
  }

  function sessionView(session: Json): Json {
    // Stripe drops the URL once the session can no longer be paid.
    return { ...clone(session), url: session.status === "open" ? session.url : null };
  }

  // --- endpoints ---------------------------------------------------------------------

  function createSession(body: Json): Json {
    if ("payment_method_types" in body) {
      throw invalid("Received unknown parameter: payment_method_types", { code: "parameter_unknown", param: "payment_method_types" });
    }
    if (body.mode !== "payment") throw invalid("This double only supports mode=payment.", { param: "mode" });
    requireString(body, "success_url");
    const lines = Array.isArray(body.line_items) ? body.line_items.map(asJson) : [];
    if (lines.length === 0) throw invalid("Missing required param: line_items.", { code: "parameter_missing", param: "line_items" });
    let total = 0;
    lines.forEach((line, index) => {
      const price = asJson(line?.price_data);
      const quantity = requireAmount(line?.quantity ?? "1", `line_items[${index}][quantity]`);
      total += requireAmount(price?.unit_amount, `line_items[${index}][price_data][unit_amount]`) * quantity;
      if (!asString(asJson(price?.product_data)?.name)) {
        throw invalid("Missing required param: product_data.name.", { param: `line_items[${index}][price_data][product_data][name]` });
      }
    });
    const created = now();
    const expiresAt = body.expires_at === undefined ? created + 24 * 3600 : requireAmount(body.expires_at, "expires_at");
    if (expiresAt < created + 30 * 60 - 60 || expiresAt > created + 24 * 3600 + 60) {
      throw invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", {
        param: "expires_at",
      });
    }
    const id = newId("cs_test_", 58);
    const session: Json = {
      id,
      object: "checkout.session",
      allowed_payment_method_types: Array.isArray(body.allowed_payment_method_types) ? body.allowed_payment_method_types : null,
      amount_subtotal: total,
      amount_total: total,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created,
      currency: body.currency ?? "eur",
      customer: null,
      customer_email: body.customer_email ?? null,
      expires_at: expiresAt,
      livemode: false,
      locale: body.locale ?? null,
      metadata: asMetadata(body.metadata),
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: body.success_url,
      url: `https://checkout.stripe.test/c/pay/${id}`,
    };
    objects.set(id, session);
    intentData.set(id, asJson(body.payment_intent_data) ?? {});
    return sessionView(session);
  }

  function retrieveSession(id: string, params: Json): Json {
    const session = find(id, "checkout.session", "session");
    return expand(sessionView(session), params.expand);
  }

  function expireSessionEndpoint(id: string, params: Json): Json {
    const session = find(id, "checkout.session", "session");
    if (session.status !== "open") {
      throw invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${String(session.status)}\`.`,
      );
    }
    session.status = "expired";
    return expand(sessionView(session), params.expand);
  }

  function createRefund(body: Json): Json {
    let charge: Json;
    if (asString(body.charge)) {
      charge = find(asString(body.charge)!, "charge", "charge");
    } else if (asString(body.payment_intent)) {
      const intent = find(asString(body.payment_intent)!, "payment_intent", "payment_intent");
      const latest = asString(intent.latest_charge);
      if (!latest || intent.status !== "succeeded") {
        throw invalid(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, { code: "charge_not_refundable" });
      }
      charge = find(latest, "charge", "charge");
    } else {
      throw invalid("One of the following params should be provided for this request: payment_intent or charge.");
    }
    if (charge.status !== "succeeded") throw invalid(`Charge ${String(charge.id)} has not succeeded.`, { code: "charge_not_refundable" });
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const amount = body.amount === undefined ? left : requireAmount(body.amount, "amount");
    if (left === 0) throw invalid(`Charge ${String(charge.id)} has already been refunded.`, { code: "charge_already_refunded" });
    if (amount <= 0 || amount > left) {
      throw invalid(`Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`, {
        param: "amount",
      });
    }
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Json = {
      id: newId("re_"),
      object: "refund",
      amount,
      charge: charge.id,
      created: now(),
      currency: charge.currency,
      metadata: asMetadata(body.metadata),
      payment_intent: charge.payment_intent,
      reason: body.reason ?? null,
      status: "succeeded",
    };
    objects.set(refund.id as string, refund);
    return clone(refund);
  }

  function createTransfer(body: Json): Json {
    const amount = requireAmount(body.amount, "amount");
    const currency = requireString(body, "currency");
    const destination = requireString(body, "destination");
    if (objects.get(destination)?.object !== "account") {
      throw invalid(`No such destination: '${destination}'`, { code: "resource_missing", param: "destination" });
    }
    const source = asString(body.source_transaction);
    if (source !== undefined) {
      const charge = find(source, "charge", "source_transaction");
      if (charge.status !== "succeeded") throw invalid(`The source_transaction ${source} has not succeeded.`, { param: "source_transaction" });
    }
    const transfer: Json = {
      id: newId("tr_"),
      object: "transfer",
      amount,
      amount_reversed: 0,
      created: now(),
      currency,
      destination,
      livemode: false,
      metadata: asMetadata(body.metadata),
      reversed: false,
      source_transaction: source ?? null,
      transfer_group: body.transfer_group ?? null,
    };
    objects.set(transfer.id as string, transfer);
    return clone(transfer);
  }

  function newAccount(id: string, body: Json): Json {
    const capabilities = asJson(body.capabilities) ?? {};
    return {
      id,
      object: "account",
      capabilities: Object.fromEntries(Object.keys(capabilities).map((name) => [name, "inactive"])),
      charges_enabled: false,
      controller: asJson(body.controller) ?? null,
      country: body.country ?? "NL",
      created: now(),
      default_currency: "eur",
      details_submitted: false,
      email: body.email ?? null,
      metadata: asMetadata(body.metadata),
      payouts_enabled: false,
    };
  }

  function createAccount(body: Json): Json {
    const account = newAccount(newId("acct_", 16), body);
    objects.set(account.id as string, account);
    return clone(account);
  }

  function createAccountLink(body: Json): Json {
    const account = requireString(body, "account");
    find(account, "account", "account");
    requireString(body, "type");
    requireString(body, "refresh_url");
    requireString(body, "return_url");
    const created = now();
    return {
      object: "account_link",
      created,
      expires_at: created + 300,
      url: `https://connect.stripe.test/setup/e/${account}/${newId("", 12)}`,
    };
  }

  function route(method: string, path: string, params: Json): Json {
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "GET" && (m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return retrieveSession(m[1]!, params);
    if (method === "POST" && (m = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return expireSessionEndpoint(m[1]!, params);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (method === "POST" && path === "/v1/transfers") return createTransfer(params);
    if (method === "POST" && path === "/v1/accounts") return createAccount(params);
    if (method === "GET" && (m = /^\/v1\/accounts\/([^/]+)$/.exec(path))) return clone(find(m[1]!, "account", "account"));
    if (method === "POST" && path === "/v1/account_links") return createAccountLink(params);
    throw new ApiError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  // --- HTTP --------------------------------------------------------------------------

  function send(res: ServerResponse, status: number, body: Json, extraHeaders: Record<string, string> = {}) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(text),
      "request-id": newId("req_", 14),
      ...extraHeaders,
    });
    res.end(text);
  }

  function errorBody(error: StripeErrorBody, status: number): Json {
    return { error: { type: defaultErrorType(status), message: `Simulated failure (${status})`, ...error } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const path = url.pathname;
    const params = decodeStripeForm(method === "GET" ? url.search.slice(1) : raw);
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]),
    );
    const recorded: RecordedRequest = { method, path, body: params, headers, replayed: false };
    requests.push(recorded);

    if (!/^Bearer \S+/.test(headers.authorization ?? "")) {
      send(res, 401, {
        error: { type: "invalid_request_error", message: "You did not provide an API key. You need to provide your API key in the Authorization header." },
      });
      return;
    }

    const failureIndex = failures.findIndex((f) => path.startsWith(f.pathPrefix));
    if (failureIndex >= 0) {
      const [failure] = failures.splice(failureIndex, 1);
      send(res, failure!.status, errorBody(failure!.error, failure!.status));
      return;
    }

    // Stripe keys idempotency on the key alone and refuses a reuse with other parameters.
    const key = method === "POST" ? headers["idempotency-key"] : undefined;
    const fingerprint = `${method} ${path} ${JSON.stringify(params)}`;
    if (key) {
      const seen = idempotency.get(key);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          send(res, 400, {
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        recorded.replayed = true;
        send(res, seen.status, seen.body, { "idempotent-replayed": "true" });
        return;
      }
    }

    try {
      const body = route(method, path, params);
      // Only executed requests are remembered; one refused up front may be retried.
      if (key) idempotency.set(key, { fingerprint, status: 200, body });
      send(res, 200, body);
    } catch (error) {
      if (error instanceof ApiError) send(res, error.status, { error: { ...error.body } });
      else send(res, 500, { error: { type: "api_error", message: error instanceof Error ? error.message : String(error) } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: String(error) } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,

    requestsTo(method, pathPrefix) {
      return requests.filter((r) => r.method === method.toUpperCase() && r.path.startsWith(pathPrefix));
    },

    clear() {
      requests.length = 0;
      failures.length = 0;
    },

    reset() {
      requests.length = 0;
      failures.length = 0;
      objects.clear();
      intentData.clear();
      idempotency.clear();
    },

    async close() {
      // The SDK keeps connections alive; close them or close() waits for their timeout.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },

    get(id) {
      const object = objects.get(id);
      if (!object) return undefined;
      return object.object === "checkout.session" ? sessionView(object) : clone(object);
    },

    completeSession(id, options = {}) {
      const session = objects.get(id);
      if (!session || session.object !== "checkout.session") throw new Error(`stripe double: no session ${id}`);
      if (session.status !== "open") throw new Error(`stripe double: session ${id} is ${String(session.status)}, not open`);
      const paid = (options.paymentStatus ?? "paid") === "paid";
      const data = intentData.get(id) ?? {};
      const paymentIntentId = newId("pi_");
      const chargeId = newId("ch_");
      const created = now();
      const common = {
        amount: session.amount_total,
        currency: session.currency,
        created,
        livemode: false,
        transfer_group: data.transfer_group ?? null,
        metadata: asMetadata(data.metadata),
      };
      objects.set(chargeId, {
        id: chargeId,
        object: "charge",
        ...common,
        amount_captured: paid ? session.amount_total : 0,
        amount_refunded: 0,
        paid,
        payment_intent: paymentIntentId,
        refunded: false,
        status: paid ? "succeeded" : "pending",
      });
      objects.set(paymentIntentId, {
        id: paymentIntentId,
        object: "payment_intent",
        ...common,
        amount_received: paid ? session.amount_total : 0,
        latest_charge: chargeId,
        status: paid ? "succeeded" : "processing",
      });
      session.status = "complete";
      session.payment_status = paid ? "paid" : "unpaid";
      session.payment_intent = paymentIntentId;
      return { session: sessionView(session), paymentIntentId, chargeId };
    },

    expireSession(id) {
      const session = objects.get(id);
      if (!session || session.object !== "checkout.session") throw new Error(`stripe double: no session ${id}`);
      if (session.status !== "open") throw new Error(`stripe double: session ${id} is ${String(session.status)}, not open`);
      session.status = "expired";
      return sessionView(session);
    },

    setAccount(id, state) {
      const existing = objects.get(id);
      if (existing && existing.object !== "account") throw new Error(`stripe double: ${id} is a ${String(existing.object)}`);
      const account = existing ?? newAccount(id, { capabilities: { transfers: {} } });
      account.details_submitted = state.detailsSubmitted;
      account.payouts_enabled = state.payoutsEnabled;
      const capabilities = asJson(account.capabilities) ?? {};
      for (const name of Object.keys(capabilities)) capabilities[name] = state.payoutsEnabled ? "active" : "inactive";
      objects.set(id, account);
      return clone(account);
    },

    fail(pathPrefix, status, error = {}) {
      failures.push({ pathPrefix, status, error });
    },
  };
}

// --- webhooks --------------------------------------------------------------------------

/** A `Stripe-Signature` header over the body, made by the real SDK (timestamp in seconds). */
export function signedWebhook(payload: object, secret: string, opts: { timestamp?: number } = {}): { body: string; signature: string } {
  const body = JSON.stringify(payload, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload: body,
    secret,
    ...(opts.timestamp !== undefined ? { timestamp: opts.timestamp } : {}),
  });
  return { body, signature };
}

/** An event envelope the way Stripe delivers it. */
export function stripeEvent(type: string, object: object, id: string = newId("evt_")) {
  return {
    id,
    object: "event" as const,
    api_version: Stripe.API_VERSION,
    created: now(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
