// Every route that reads a body goes through the same limits and cleaning as the route
// wrapper (lib/platform/api/body.ts, readJson, cleanJson): routes that read their own body (a
// review, the mail program's one-click unsubscribe, next-auth's forms) refuse oversized
// bodies with 413 before reading them whole and refuse NUL and lone surrogates with 422;
// a deeply nested body is a 400, not a stack overflow.
import { inRequestScope } from "../../support/next-request-scope";
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as nextAuthGet, POST as nextAuthRoute } from "@/app/api/auth/[...nextauth]/route";
import { POST as unsubscribePost } from "@/app/api/mail/unsubscribe/route";
import { POST as postReview } from "@/app/api/products/[id]/reviews/route";
import { POST as createTicket } from "@/app/api/support/tickets/route";
import { MAX_JSON_BYTES } from "@/lib/platform/api/route";
import { MAX_JSON_DEPTH } from "@/lib/platform/api/text";
import { db } from "@/lib/platform/db/client";
import { unsubscribeToken } from "@/lib/platform/mail/unsubscribe";
import { checkContract } from "../../support/contract";
import { call, ORIGIN } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";

const IP = "198.51.100.171";
const CHUNK = 64 * 1024;

/**
 * A body stream of `total` bytes of `{"comment":"xxx…"}` (valid JSON when read whole) that
 * counts how much the server pulled from it.
 */
function countingJson(total: number) {
  const head = new TextEncoder().encode('{"rating":5,"comment":"');
  const tail = new TextEncoder().encode('"}');
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      let chunk: Uint8Array;
      if (sent === 0) chunk = head;
      else if (total - sent <= tail.byteLength) chunk = tail.slice(0, total - sent);
      else chunk = new Uint8Array(Math.min(CHUNK, total - sent - tail.byteLength)).fill(0x78);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, ORIGIN), {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": IP, host: "localhost:3000", ...headers },
    body,
    duplex: "half",
  });
}

/** A sold product of a new seller whose handover `buyer` confirmed: `buyer` may review it. */
async function reviewable(buyer: RegisteredUser): Promise<string> {
  const seller = await registerUser({ name: "Verkoper Bodies" });
  const productId = await insertProduct({ sellerId: seller.id, title: "Verkochte lamp", status: "sold", images: 0 });
  await db.order.create({
    data: {
      buyerId: buyer.id,
      sellerId: seller.id,
      productId,
      status: "held",
      deliveryStatus: "confirmed",
      amountCents: 1000,
      commissionCents: 50,
      totalCents: 1050,
      paidAt: new Date(),
      deliveryConfirmedAt: new Date(),
    },
  });
  return productId;
}

describe("POST /api/products/{id}/reviews reads its body like every route", () => {
  it("refuses NUL and a lone surrogate in the comment with 422 invalid_characters and stores nothing; a clean review then goes in", async () => {
    const buyer = await registerUser({ name: "Koper Bodies" });
    const productId = await reviewable(buyer);
    const send = (body: string) =>
      call(postReview, { token: buyer.token, ip: IP, method: "POST", params: { id: productId }, body, headers: { "content-type": "application/json" } });

    for (const body of ['{"rating":5,"comment":"a\\u0000b"}', '{"rating":5,"comment":"a\\ud800b"}']) {
      const res = await send(body);
      expect(res.status, body).toBe(422);
      expect(res.body).toMatchObject({ detail: "Text contains characters that are not allowed", code: "invalid_characters" });
    }
    expect(await db.review.count({ where: { productId } })).toBe(0);

    // NFC as everywhere else: "é" typed as e + combining accent is stored as one character.
    const ok = await send('{"rating":4,"comment":"Mooie lampe\\u0301"}');
    expect(ok.status).toBe(201);
    expect((await db.review.findFirstOrThrow({ where: { productId } })).comment).toBe("Mooie lamp\u00e9");
  });

  it("refuses a 5 MB body with 413 after reading at most 64 KB and a chunk, by Content-Length without reading any", async () => {
    const buyer = await registerUser({ name: "Koper Groot" });
    const productId = await reviewable(buyer);
    const ctx = { params: Promise.resolve({ id: productId }) };
    const auth = { authorization: `Bearer ${buyer.token}` };

    const streamed = countingJson(5 * 1024 * 1024);
    const res = await postReview(post(`/api/products/${productId}/reviews`, streamed.stream, auth), ctx);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ detail: "Request body too large (at most 64 KB)", code: "body_too_large" });
    expect(streamed.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK);

    const declared = countingJson(5 * 1024 * 1024);
    const res2 = await postReview(
      post(`/api/products/${productId}/reviews`, declared.stream, { ...auth, "content-length": String(5 * 1024 * 1024) }),
      ctx,
    );
    expect(res2.status).toBe(413);
    expect(declared.pulled()).toBeLessThanOrEqual(CHUNK);
    expect(await db.review.count({ where: { productId } })).toBe(0);
  });
});

describe("POST /api/mail/unsubscribe reads its body under the same cap", () => {
  it("a JSON or form body over 64 KB is 413 and unsubscribes nobody; the one-click form and our page's JSON still work", async () => {
    const user = await registerUser({ name: "Afmelder" });
    const token = unsubscribeToken(user.id, "support");
    const path = `/api/mail/unsubscribe?token=${encodeURIComponent(token)}`;
    const supportMail = async () =>
      ((await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { mailPreferences: true } })).mailPreferences as Record<string, boolean> | null)?.support;

    const bigJson = await call(unsubscribePost, { ip: IP, method: "POST", path: "/api/mail/unsubscribe", json: { token, padding: "x".repeat(MAX_JSON_BYTES) } });
    expect(bigJson.status).toBe(413);
    expect(bigJson.body.code).toBe("body_too_large");

    const streamed = countingJson(9 * 1024 * 1024);
    const res = await unsubscribePost(post(path, streamed.stream, { "content-type": "application/x-www-form-urlencoded" }), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(streamed.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK);
    expect(await supportMail()).not.toBe(false);

    // Our /unsubscribe page: the token in a JSON body (NUL refused there as everywhere).
    const nul = await call(unsubscribePost, { ip: IP, method: "POST", path: "/api/mail/unsubscribe", json: { token: `${token}\u0000` } });
    expect(nul.status).toBe(422);
    expect(await supportMail()).not.toBe(false);

    // RFC 8058: the mail program posts List-Unsubscribe=One-Click as a form, the token in the address.
    const oneClick = await call(unsubscribePost, { ip: IP, method: "POST", path, body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(oneClick.status).toBe(200);
    expect(await supportMail()).toBe(false);

    const page = await call(unsubscribePost, { ip: IP, method: "POST", path: "/api/mail/unsubscribe", json: { token: unsubscribeToken(user.id, "messages") } });
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ detail: "Unsubscribed", category: "messages" });
  });
});

describe("next-auth's routes read their forms under the same cap", () => {
  it("a POST over 64 KB to /api/auth/callback/credentials is 413 before next-auth reads it", async () => {
    const ctx = { params: Promise.resolve({ nextauth: ["callback", "credentials"] }) };
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const streamed = countingJson(9 * 1024 * 1024);
    const res = await nextAuthRoute(post("/api/auth/callback/credentials", streamed.stream, form), ctx);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: "body_too_large" });
    expect(streamed.pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES + 2 * CHUNK);
  });

  it("the login dialog's sign-in (csrf, then the credentials form) still works on the body as read", async () => {
    const user = await registerUser({ name: "Inlogger" });
    const nextauth = async (req: NextRequest, parts: string[]): Promise<Response> => {
      const handler = req.method === "POST" ? nextAuthRoute : nextAuthGet;
      const res = await inRequestScope(req, "/api/auth/[...nextauth]", () => handler(req, { params: Promise.resolve({ nextauth: parts }) }));
      // next-auth's answers must be what the OpenAPI document says, as call() checks for every other route.
      const text = await res.clone().text();
      checkContract(handler, req.method, res.status, res.headers.get("content-type"), text ? JSON.parse(text) : null);
      return res;
    };
    const get = (path: string, cookie = "") => new NextRequest(`${ORIGIN}${path}`, { headers: { host: "localhost:3000", cookie } });
    const csrf = await nextauth(get("/api/auth/csrf"), ["csrf"]);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const signIn = (password: string) =>
      nextauth(
        post("/api/auth/callback/credentials", new URLSearchParams({ csrfToken, email: user.email, password, json: "true" }).toString(), {
          "content-type": "application/x-www-form-urlencoded",
          cookie,
        }),
        ["callback", "credentials"],
      );

    const wrong = await signIn("fout-wachtwoord");
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((c) => c.startsWith("next-auth.session-token="))).toBe(false);
    expect(await wrong.json()).toEqual({ url: expect.stringContaining("error=") });
    expect(await (await nextauth(get("/api/auth/session", cookie), ["session"])).json()).toEqual({});
    const right = await signIn(user.password);
    expect(right.status).toBe(200);
    const session = right.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
    expect(session).toBeDefined();
    const signedIn = await nextauth(get("/api/auth/session", session!.split(";")[0]), ["session"]);
    expect(await signedIn.json()).toMatchObject({ user: { id: user.id, email: user.email, isAdmin: false }, expires: expect.any(String) });
  });
});

describe("deeply nested JSON", () => {
  it("is 400 'Request body nested too deeply' (not a 500), and nothing is stored", async () => {
    const user = await registerUser({ name: "Nester" });
    const send = (body: string) =>
      call(createTicket, { token: user.token, ip: IP, method: "POST", body, headers: { "content-type": "application/json" } });
    const before = await db.supportTicket.count();

    for (const depth of [5000, 30_000, MAX_JSON_DEPTH + 1]) {
      const res = await send("[".repeat(depth) + "]".repeat(depth));
      expect(res.status, `depth ${depth}`).toBe(400);
      expect(res.body).toEqual({ detail: "Request body nested too deeply", code: "too_deep" });
    }
    // Nested inside an otherwise good ticket, too.
    const deepField = await send(JSON.stringify({ subject: "Diep", message: "x", extra: JSON.parse("[".repeat(40) + "]".repeat(40)) }));
    expect(deepField.status).toBe(400);
    expect(await db.supportTicket.count()).toBe(before);

    // At the limit the body is read, and the schema answers as usual.
    const atLimit = await send("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH));
    expect(atLimit.status).toBe(422);
    const ticket = await send(JSON.stringify({ subject: "Gewoon", message: "Een vraag" }));
    expect(ticket.status).toBe(201);
  });
});
