// Photos in chat (docs/messaging.md): the listing upload's rules (type
// by content, 5 MB, re-encoded without EXIF), at most four per message, photo-only
// messages, private storage that only the two participants (and admins) can fetch, and
// the live events of an ordinary message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { NextRequest } from "next/server";
import { POST as startRoute } from "@/app/api/conversations/route";
import { GET as readRoute, POST as sendRoute } from "@/app/api/conversations/[id]/messages/route";
import { GET as imageRoute } from "@/app/api/messages/images/[id]/route";
import { GET as uploadsRoute } from "@/app/uploads/[...path]/route";
import { GET as listRoute } from "@/app/api/messages/conversations/route";
import { db } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { startListening, stopListening, subscribe } from "@/lib/platform/events/hub";
import type { LiveEvent } from "@/lib/platform/events/publish";
import { call, ORIGIN, type CallResult } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { pngBytes } from "../../support/catalog";
import { makeAdmin, productOf } from "../../support/orders";

const IP = "198.51.100.93";

let seller: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;
let admin: RegisteredUser;
let conversationId: string;

beforeAll(async () => {
  seller = await registerUser({ name: "Tijs van den Berg" });
  buyer = await registerUser({ name: "Sanne de Vries" });
  stranger = await registerUser({ name: "Daan Jansen" });
  admin = await registerUser({ name: "Beheer" });
  await makeAdmin(admin);
  const productId = await productOf(seller, 14950, "Gazelle damesfiets");
  const res = await call(startRoute, { ip: IP, token: buyer.token, json: { product_id: productId, recipient_id: seller.id, initial_message: "Hoi!" } });
  conversationId = res.body.id;
});

afterAll(async () => {
  await stopListening();
});

/** A JPEG with GPS in its EXIF, as a phone camera makes it. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .jpeg()
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 5/1 3540/100" } })
    .toBuffer();
}

async function sendPhotos(user: RegisteredUser | null, files: Buffer[], content?: string, id = conversationId): Promise<CallResult> {
  const form = new FormData();
  if (content !== undefined) form.append("content", content);
  files.forEach((bytes, i) => form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }), `foto${i}.jpg`));
  const encoded = new Request(ORIGIN, { method: "POST", body: form });
  const body = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({ "content-type": encoded.headers.get("content-type")!, "content-length": String(body.length), "x-forwarded-for": IP, host: "localhost:3000" });
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  const req = new NextRequest(new URL(`/api/conversations/${id}/messages`, ORIGIN), { method: "POST", headers, body });
  const res = await sendRoute(req, { params: Promise.resolve({ id }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function fetchImage(user: RegisteredUser | null, url: string): Promise<Response> {
  const headers = new Headers({ "x-forwarded-for": IP, host: "localhost:3000" });
  if (user) headers.set("authorization", `Bearer ${user.token}`);
  const target = new URL(url, ORIGIN);
  const id = target.pathname.split("/").pop()!;
  return imageRoute(new NextRequest(target, { headers }), { params: Promise.resolve({ id }) });
}

const counts = async () => ({ messages: await db.message.count(), images: await db.messageImage.count() });

describe("sending photos", () => {
  it("a photo-only message: 201, re-encoded WebP without EXIF, with size; the list says it", async () => {
    const res = await sendPhotos(buyer, [await jpegWithGps()]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: "", sender_id: buyer.id, images: [{ width: 900, height: 600 }] });
    const [image] = res.body.images;
    expect(image.url).toBe(`/api/messages/images/${image.id}`);
    expect(image.thumbnail_url).toBe(`${image.url}?size=thumb`);
    const file = await fetchImage(seller, image.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/webp");
    expect(file.headers.get("cache-control")).toMatch(/^private/);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 900, height: 600 });
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp(Buffer.from(await (await fetchImage(buyer, image.thumbnail_url)).arrayBuffer())).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400 });
    const list = await call(listRoute, { ip: IP, token: seller.token, path: "/api/messages/conversations" });
    expect(list.body[0]).toMatchObject({ id: conversationId, last_message: "", unread_count: 2 });
  });

  it("text and photos together; both sides read them in order with the thread", async () => {
    const res = await sendPhotos(seller, [await pngBytes(300, 200), await pngBytes(200, 300)], "  Zo ziet hij eruit  ");
    expect(res.status).toBe(201);
    expect(res.body.content).toBe("Zo ziet hij eruit");
    expect(res.body.images.map((i: { width: number }) => i.width)).toEqual([300, 200]);
    const thread = await call(readRoute, { ip: IP, token: buyer.token, path: `/api/conversations/${conversationId}/messages`, params: { id: conversationId } });
    expect(thread.body.at(-1).images).toEqual(res.body.images);
    expect(thread.body[0].images).toEqual([]);
  });

  it("sends the live events of an ordinary message to both participants", async () => {
    if (!(await startListening())) return;
    const got: Record<string, LiveEvent[]> = { [buyer.id]: [], [seller.id]: [] };
    const subs = [buyer.id, seller.id].map((id) => subscribe(id, null, (event) => got[id]!.push(event), () => undefined)!);
    const res = await sendPhotos(buyer, [await pngBytes()]);
    expect(res.status).toBe(201);
    await expect.poll(() => got[seller.id]!.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    subs.forEach((s) => s.unsubscribe());
    expect(got[seller.id]).toContainEqual({ type: "message", conversationId, messageId: res.body.id });
    expect(got[seller.id]).toContainEqual({ type: "unread" });
    await expect.poll(() => got[buyer.id]!.some((e) => e.type === "message" && e.messageId === res.body.id)).toBe(true);
  });
});

describe("the upload rules, each leaving nothing stored", () => {
  it("refuses a file that is not an image (whatever its name says) with 400", async () => {
    const before = await counts();
    const res = await sendPhotos(buyer, [Buffer.from("dit is geen foto, maar tekst met een .jpg-naam")], "kijk");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("not_an_image");
    expect(await counts()).toEqual(before);
  });

  it("refuses a photo over 5 MB with 413", async () => {
    const before = await counts();
    const big = Buffer.concat([await pngBytes(), Buffer.alloc(5_242_880)]);
    const res = await sendPhotos(buyer, [big]);
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Image must be less than 5MB");
    expect(await counts()).toEqual(before);
  });

  it("refuses more than four photos with 422", async () => {
    const before = await counts();
    const png = await pngBytes();
    const res = await sendPhotos(buyer, [png, png, png, png, png]);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ detail: "At most 4 photos per message", code: "too_many_images" });
    expect(await counts()).toEqual(before);
  });

  it("a message with neither text nor photos is still refused (422); outsiders 404, anonymous 401", async () => {
    const before = await counts();
    expect((await sendPhotos(buyer, [], "   ")).status).toBe(422);
    expect((await sendPhotos(stranger, [await pngBytes()])).status).toBe(404);
    expect((await sendPhotos(null, [await pngBytes()])).status).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe("who can fetch a photo", () => {
  it("the two participants and an admin; a stranger and an unknown id get 404, anonymous 401", async () => {
    const image = await db.messageImage.findFirstOrThrow({ select: { id: true, key: true } });
    const url = `/api/messages/images/${image.id}`;
    expect((await fetchImage(buyer, url)).status).toBe(200);
    expect((await fetchImage(seller, `${url}?size=thumb`)).status).toBe(200);
    expect((await fetchImage(admin, url)).status).toBe(200);
    const refused = await fetchImage(stranger, url);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ detail: "Image not found" });
    expect((await fetchImage(buyer, "/api/messages/images/8a6e0804-2bd0-4672-b79e-d4a8ea14e7c1")).status).toBe(404);
    expect((await fetchImage(null, url)).status).toBe(401);
    // Stored under chat/, and the public /uploads route does not serve that folder.
    expect(image.key).toMatch(/^chat\/\d{4}\/[0-9a-f-]{36}\.webp$/);
    expect(existsSync(path.join(env().UPLOADS_DIR, image.key))).toBe(true);
    const open = await uploadsRoute(new Request(new URL(`/uploads/${image.key}`, ORIGIN)), { params: Promise.resolve({ path: image.key.split("/") }) });
    expect(open.status).toBe(404);
  });
});
