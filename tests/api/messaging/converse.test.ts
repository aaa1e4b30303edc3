// Messaging (docs/messaging.md): starting a
// conversation, listing, reading and sending, with every refusal (anonymous 401,
// outsider 404, blank 422, self 400, unknown product 404, wrong recipient 400, banned or
// deleted recipient 409) leaving nothing stored; scam warnings; one unread notification
// per conversation; the rate limit.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { POST as startRoute } from "@/app/api/conversations/route";
import { GET as listRoute } from "@/app/api/messages/conversations/route";
import { GET as unreadRoute } from "@/app/api/messages/unread-count/route";
import { GET as readRoute, POST as sendRoute } from "@/app/api/conversations/[id]/messages/route";
import { db } from "@/lib/platform/db/client";
import { MESSAGE_LIMIT } from "@/lib/domains/messaging/service";
import { call, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { buyAndPay, productOf } from "../../support/orders";

const IP = "198.51.100.91";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;
let productId: string;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  stranger = await registerUser({ name: "Daan Jansen" });
  productId = await productOf(seller, 14950, "Gazelle damesfiets");
});

function start(user: RegisteredUser | null, json: unknown): Promise<CallResult> {
  return call(startRoute, { ip: IP, token: user?.token, json });
}
function send(user: RegisteredUser | null, conversationId: string, content: string | null, asJson = false): Promise<CallResult> {
  const path = `/api/conversations/${conversationId}/messages${content !== null && !asJson ? `?content=${encodeURIComponent(content)}` : ""}`;
  return call(sendRoute, {
    ip: IP,
    token: user?.token,
    method: "POST",
    path,
    params: { id: conversationId },
    ...(asJson ? { json: { content } } : {}),
  });
}
function read(user: RegisteredUser | null, conversationId: string, query = ""): Promise<CallResult> {
  return call(readRoute, { ip: IP, token: user?.token, path: `/api/conversations/${conversationId}/messages${query}`, params: { id: conversationId } });
}
function list(user: RegisteredUser | null): Promise<CallResult> {
  return call(listRoute, { ip: IP, token: user?.token, path: "/api/messages/conversations" });
}
const counts = async () => ({ conversations: await db.conversation.count(), messages: await db.message.count() });

describe("starting a conversation", () => {
  let conversationId: string;

  it("a buyer writes to the product's seller: 201 with the conversation and the message", async () => {
    const res = await start(buyer, { product_id: productId, recipient_id: seller.id, initial_message: "  Is de fiets nog beschikbaar?  " });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      product_id: productId,
      product_title: "Gazelle damesfiets",
      other_user_id: seller.id,
      other_user_name: "Tijs van den Berg",
      last_message: "Is de fiets nog beschikbaar?",
      unread_count: 0,
      message: { sender_id: buyer.id, content: "Is de fiets nog beschikbaar?", warning: null, read_at: null },
    });
    conversationId = res.body.id;
  });

  it("the same pair and product again: the existing conversation, message appended (200)", async () => {
    const res = await start(buyer, { product_id: productId, recipient_id: seller.id, initial_message: "Hallo?" });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(conversationId);
    expect(await db.message.count({ where: { conversationId } })).toBe(2);
  });

  it("refuses an anonymous caller with 401", async () => {
    const before = await counts();
    const res = await start(null, { product_id: productId, recipient_id: seller.id, initial_message: "Hoi" });
    expect(res.status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("refuses writing to yourself with 400", async () => {
    const before = await counts();
    const res = await start(seller, { product_id: productId, recipient_id: seller.id, initial_message: "Hoi" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("You cannot start a conversation with yourself");
    expect(await counts()).toEqual(before);
  });

  it("refuses an unknown or deleted product with 404", async () => {
    const before = await counts();
    expect((await start(buyer, { product_id: randomUUID(), recipient_id: seller.id, initial_message: "Hoi" })).body).toEqual({ detail: "Product not found", code: "product_not_found" });
    expect((await start(buyer, { product_id: "nope", recipient_id: seller.id, initial_message: "Hoi" })).status).toBe(404);
    const gone = await productOf(seller, 1000, "Weg");
    await db.product.update({ where: { id: gone }, data: { deletedAt: new Date() } });
    expect((await start(buyer, { product_id: gone, recipient_id: seller.id, initial_message: "Hoi" })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("refuses a recipient who is not the seller (or a buyer of the seller's order) with 400", async () => {
    const before = await counts();
    const res = await start(buyer, { product_id: productId, recipient_id: stranger.id, initial_message: "Hoi" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("The recipient is not the seller of this product");
    const bySeller = await start(seller, { product_id: productId, recipient_id: stranger.id, initial_message: "Hoi" });
    expect(bySeller.status).toBe(400);
    expect(bySeller.body.detail).toBe("The recipient is not a buyer of this product");
    expect(await counts()).toEqual(before);
  });

  it("refuses a blank message with 422", async () => {
    const before = await counts();
    const res = await start(stranger, { product_id: productId, recipient_id: seller.id, initial_message: " \n\t " });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe("Message cannot be empty");
    expect((await start(stranger, { product_id: productId, recipient_id: seller.id, initial_message: "x".repeat(2001) })).status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it("refuses a banned or deleted recipient with 409", async () => {
    const banned = await registerUser({ name: "Verbannen Verkoper" });
    const bannedProduct = await productOf(banned, 1000, "Lamp");
    await db.user.update({ where: { id: banned.id }, data: { isBanned: true } });
    const before = await counts();
    const res = await start(buyer, { product_id: bannedProduct, recipient_id: banned.id, initial_message: "Hoi" });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe("This user can no longer receive messages");
    const deleted = await registerUser({ name: "Weg Verkoper" });
    const deletedProduct = await productOf(deleted, 1000, "Stoel");
    await db.user.update({ where: { id: deleted.id }, data: { deletedAt: new Date() } });
    expect((await start(buyer, { product_id: deletedProduct, recipient_id: deleted.id, initial_message: "Hoi" })).status).toBe(409);
    expect(await counts()).toEqual(before);
  });

  it("a seller may write to the buyer of one of their orders", async () => {
    const sold = await productOf(seller, 2500, "Bureaulamp");
    await buyAndPay(stranger, sold);
    const res = await start(seller, { product_id: sold, recipient_id: stranger.id, initial_message: "Wanneer kom je hem halen?" });
    expect(res.status).toBe(201);
    expect(res.body.other_user_id).toBe(stranger.id);
    const row = await db.conversation.findUniqueOrThrow({ where: { id: res.body.id } });
    expect([row.buyerId, row.sellerId]).toEqual([stranger.id, seller.id]);
  });
});

describe("reading and sending", () => {
  let conversationId: string;

  beforeAll(async () => {
    const product = await productOf(seller, 5000, "Eettafel");
    const res = await start(buyer, { product_id: product, recipient_id: seller.id, initial_message: "Is de tafel nog te koop?" });
    conversationId = res.body.id;
  });

  it("sends with ?content= (the apps' form) and with a JSON body; 201 with the message", async () => {
    const a = await send(seller, conversationId, "Ja, nog te koop!");
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ conversation_id: conversationId, sender_id: seller.id, content: "Ja, nog te koop!", warning: null });
    const b = await send(seller, conversationId, "Ophalen kan zaterdag.", true);
    expect(b.status).toBe(201);
    expect(b.body.content).toBe("Ophalen kan zaterdag.");
  });

  it("lists the conversation for both with the other party and the unread count", async () => {
    const forBuyer = (await list(buyer)).body.find((c: { id: string }) => c.id === conversationId);
    expect(forBuyer).toMatchObject({ other_user_id: seller.id, unread_count: 2, last_message: "Ophalen kan zaterdag.", product_title: "Eettafel" });
    expect(forBuyer.product_image).toEqual(expect.any(String));
    const forSeller = (await list(seller)).body.find((c: { id: string }) => c.id === conversationId);
    expect(forSeller).toMatchObject({ other_user_id: buyer.id, other_user_name: "Sanne de Vries", unread_count: 0 });
    expect((await list(stranger)).body.some((c: { id: string }) => c.id === conversationId)).toBe(false);
  });

  it("counts the conversations with unread messages for the phone's Berichten tab, none once read", async () => {
    const count = async (user: RegisteredUser | null) => call(unreadRoute, { ip: IP, token: user?.token, path: "/api/messages/unread-count" });
    // Two unread messages in one conversation count once; your own messages never.
    const forBuyer = await count(buyer);
    expect(forBuyer.status).toBe(200);
    expect(forBuyer.body).toEqual({ unread_count: 1 });
    expect((await count(await registerUser())).body).toEqual({ unread_count: 0 });
    expect((await count(null)).status).toBe(401);
    // The seller's own messages do not count for the seller.
    const seller0 = (await count(seller)).body.unread_count;
    await read(buyer, conversationId);
    expect((await count(buyer)).body).toEqual({ unread_count: 0 });
    expect((await count(seller)).body.unread_count).toBe(seller0);
  });

  it("lists latest activity first", async () => {
    const all = (await list(buyer)).body as { last_message_at: string }[];
    const times = all.map((c) => c.last_message_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("reads oldest first, marks read, and the sender then sees read_at", async () => {
    const res = await read(buyer, conversationId);
    expect(res.status).toBe(200);
    expect(res.body.map((m: { content: string }) => m.content)).toEqual(["Is de tafel nog te koop?", "Ja, nog te koop!", "Ophalen kan zaterdag."]);
    expect((await list(buyer)).body.find((c: { id: string }) => c.id === conversationId).unread_count).toBe(0);
    const bySeller = await read(seller, conversationId);
    expect(bySeller.body[1].read_at).toEqual(expect.any(String));
    expect(bySeller.body[0].read_at).toEqual(expect.any(String));
  });

  it("pages with before= and limit=", async () => {
    const all = (await read(buyer, conversationId)).body as { id: string; content: string }[];
    const page = await read(buyer, conversationId, `?before=${all[2]!.id}&limit=1`);
    expect(page.body.map((m: { content: string }) => m.content)).toEqual(["Ja, nog te koop!"]);
    expect((await read(buyer, conversationId, "?limit=0")).status).toBe(422);
  });

  it("refuses a before= that is not a message of this conversation with 400; an outsider still gets 404", async () => {
    const all = (await read(buyer, conversationId)).body as { id: string }[];
    for (const before of [randomUUID(), "not-a-uuid"]) {
      const res = await read(buyer, conversationId, `?before=${before}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("bad_cursor");
    }
    expect((await read(stranger, conversationId, `?before=${all[1]!.id}`)).status).toBe(404);
    expect((await read(stranger, conversationId, `?before=${randomUUID()}`)).status).toBe(404);
  });

  it("an outsider gets 404 on read and send; anonymous 401; nothing stored", async () => {
    const before = await counts();
    expect((await read(stranger, conversationId)).status).toBe(404);
    expect((await send(stranger, conversationId, "Hoi")).body).toEqual({ detail: "Conversation not found", code: "conversation_not_found" });
    expect((await read(buyer, randomUUID())).status).toBe(404);
    expect((await read(buyer, "not-a-uuid")).status).toBe(404);
    expect((await read(null, conversationId)).status).toBe(401);
    expect((await send(null, conversationId, "Hoi")).status).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it("refuses blank, whitespace-only, missing and too long with 422; nothing stored", async () => {
    const before = await counts();
    for (const content of ["", "   ", "\n\n", null]) {
      const res = await send(buyer, conversationId, content);
      expect(res.status).toBe(422);
    }
    expect((await send(buyer, conversationId, "a".repeat(2001))).status).toBe(422);
    expect((await send(buyer, conversationId, "a".repeat(2000))).status).toBe(201);
    expect((await counts()).messages).toBe(before.messages + 1);
  });

  it("refuses writing to a participant who was banned since (409)", async () => {
    const other = await registerUser({ name: "Later Verbannen" });
    const p = await productOf(other, 1000, "Kast");
    const c = (await start(buyer, { product_id: p, recipient_id: other.id, initial_message: "Hoi" })).body.id;
    await db.user.update({ where: { id: other.id }, data: { isBanned: true } });
    expect((await send(buyer, c, "Nog daar?")).status).toBe(409);
  });

  it("marks scam messages with a warning code for the recipient", async () => {
    const res = await send(seller, conversationId, "Betaal maar via https://tikkie.me/pay/abc123");
    expect(res.body.warning).toBe("payment_link");
    const msgs = (await read(buyer, conversationId)).body as { id: string; warning: string | null }[];
    expect(msgs.find((m) => m.id === res.body.id)!.warning).toBe("payment_link");
    expect((await send(seller, conversationId, "Kan ik met tikkie betalen?")).body.warning).toBeNull();
  });
});

describe("the pickup code", () => {
  it("refuses the buyer's own pickup code in a message before the handover (422), other numbers pass", async () => {
    const codeSeller = await registerUser({ name: "Code Verkoper" });
    const codeBuyer = await registerUser({ name: "Code Koper" });
    const p = await productOf(codeSeller, 4000, "Kinderfiets");
    const { orderId } = await buyAndPay(codeBuyer, p);
    const code = (await db.order.findUniqueOrThrow({ where: { id: orderId } })).pickupCode!;
    const c = (await start(codeBuyer, { product_id: p, recipient_id: codeSeller.id, initial_message: "Wanneer kan ik komen?" })).body.id;
    const before = await counts();
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    for (const text of [`Mijn code is ${code}`, `code: ${spaced}`]) {
      const res = await send(codeBuyer, c, text);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ detail: "Never share your pickup code before you have the item", code: "pickup_code" });
    }
    expect(await counts()).toEqual(before);
    const other = code === "123456" ? "654321" : "123456";
    expect((await send(codeBuyer, c, `Mijn postcode-huisnummer is ${other}`)).status).toBe(201);
  });
});

describe("notifications and limits", () => {
  it("keeps one unread message notification per conversation, updated while unread", async () => {
    const writer = await registerUser({ name: "Noor Bakker" });
    const p = await productOf(seller, 3000, "Racefiets");
    const c = (await start(writer, { product_id: p, recipient_id: seller.id, initial_message: "Eerste" })).body.id;
    await send(writer, c, "Tweede");
    await send(writer, c, "Derde");
    const rows = async () =>
      (await db.notification.findMany({ where: { userId: seller.id, event: "message.received" } })).filter(
        (n) => (n.data as { conversationId?: string }).conversationId === c,
      );
    let mine = await rows();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.message).toContain("Derde");
    expect(mine[0]!.link).toBe(`/messages?c=${c}`);
    // Reading the thread reads the notification; the next message makes a new one.
    await read(seller, c);
    await send(writer, c, "Vierde");
    mine = await rows();
    expect(mine.map((n) => n.read).sort()).toEqual([false, true]);
  });

  it("rate limits messages per user (429 with Retry-After)", async () => {
    const chatty = await registerUser({ name: "Veel Praters" });
    const p = await productOf(seller, 3000, "Tent");
    const c = (await start(chatty, { product_id: p, recipient_id: seller.id, initial_message: "1" })).body.id;
    let last: CallResult | undefined;
    for (let i = 2; i <= MESSAGE_LIMIT.max + 1; i += 1) last = await send(chatty, c, `Bericht ${i}`);
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toBeTruthy();
    expect(await db.message.count({ where: { conversationId: c } })).toBe(MESSAGE_LIMIT.max);
  });
});
