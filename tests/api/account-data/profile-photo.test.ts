// Profile photos (docs/account-data.md "Profile photo"): POST /api/users/me/photo stores
// a square WebP through the product photos' pipeline, sets users.profile_image (a
// relative path) and deletes the previous file; DELETE removes it. A refused upload
// changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { DELETE as deletePhoto, POST as uploadPhoto } from "@/app/api/users/me/photo/route";
import { GET as me } from "@/app/api/users/me/route";
import { GET as serveUpload } from "@/app/uploads/[...path]/route";
import { PROFILE_PHOTO_LIMIT } from "@/lib/domains/accounts/photo";
import { db } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { call, ORIGIN, sessionCookie } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { upload } from "../../support/multipart";
import { pngBytes } from "../../support/catalog";

const IP = "198.51.100.131";
const PHOTO_URL = /^\/uploads\/profiles\/\d{4}\/[0-9a-f-]{36}\.webp$/;

let user: RegisteredUser;

beforeAll(async () => {
  user = await registerUser({ name: "Fenna Bakker" });
});

const fileOf = (url: string) => path.join(env().UPLOADS_DIR, url.replace(/^\/uploads\//, ""));
const profileImageOf = async (id: string) => (await db.user.findUniqueOrThrow({ where: { id } })).profileImage;
const send = (who: RegisteredUser | null, bytes: Uint8Array, filename = "ik.png") =>
  upload(uploadPhoto, bytes, { token: who?.token, filename, type: "image/png", ip: IP });

async function serve(url: string) {
  const parts = url.replace(/^\/uploads\//, "").split("/");
  const res = await serveUpload(new Request(`${ORIGIN}${url}`), { params: Promise.resolve({ path: parts }) });
  return { status: res.status, type: res.headers.get("content-type"), body: Buffer.from(await res.arrayBuffer()) };
}

describe("POST /api/users/me/photo", () => {
  it("needs a login (401)", async () => {
    const res = await send(null, await pngBytes(300, 200));
    expect(res.status).toBe(401);
  });

  it("stores a 256 px square WebP, sets profile_image to its relative path and serves it", async () => {
    const res = await send(user, await pngBytes(600, 400), "vakantie.jpg");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, email: user.email, name: "Fenna Bakker" });
    expect(res.body.profile_image).toMatch(PHOTO_URL);
    expect(res.body).not.toHaveProperty("password_hash");
    expect(await profileImageOf(user.id)).toBe(res.body.profile_image);

    const served = await serve(res.body.profile_image);
    expect(served.status).toBe(200);
    expect(served.type).toBe("image/webp");
    expect(await sharp(served.body).metadata()).toMatchObject({ format: "webp", width: 256, height: 256 });

    const profile = await call(me, { token: user.token, ip: IP });
    expect(profile.body.profile_image).toBe(res.body.profile_image);
  });

  it("replacing the photo deletes the old file", async () => {
    const first = await send(user, await pngBytes(300, 300));
    const old = first.body.profile_image as string;
    expect(existsSync(fileOf(old))).toBe(true);
    const second = await send(user, await pngBytes(320, 240));
    expect(second.status).toBe(200);
    expect(second.body.profile_image).toMatch(PHOTO_URL);
    expect(second.body.profile_image).not.toBe(old);
    expect(existsSync(fileOf(old))).toBe(false);
    expect((await serve(old)).status).toBe(404);
    expect(existsSync(fileOf(second.body.profile_image))).toBe(true);
  });

  it("refuses a file that is not an image with the product upload's reason, and changes nothing", async () => {
    const before = await profileImageOf(user.id);
    const text = new TextEncoder().encode("Dit is geen foto, maar een boodschappenlijst.\n");
    const res = await send(user, text, "ik.png");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ detail: "The file is not a JPEG, PNG or WebP image", code: "not_an_image" });
    expect(await profileImageOf(user.id)).toBe(before);
    expect(existsSync(fileOf(before!))).toBe(true);
  });

  it("refuses a file over 5 MB with 413 'Image must be less than 5MB'", async () => {
    const before = await profileImageOf(user.id);
    const res = await send(user, new Uint8Array(5 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Image must be less than 5MB");
    expect(await profileImageOf(user.id)).toBe(before);
  });

  it("works with the web session cookie from our own origin, not from another site", async () => {
    const other = await registerUser({ name: "Joris Smit" });
    const cookie = await sessionCookie(other.id);
    const bytes = await pngBytes(200, 200);
    const foreign = await upload(uploadPhoto, bytes, { ip: IP, headers: { cookie, origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(await profileImageOf(other.id)).toBeNull();
    const own = await upload(uploadPhoto, bytes, { ip: IP, headers: { cookie, origin: ORIGIN } });
    expect(own.status).toBe(200);
    expect(await profileImageOf(other.id)).toMatch(PHOTO_URL);
  });

  it("is limited per user per hour", async () => {
    const busy = await registerUser({ name: "Veel Fotos" });
    const bytes = await pngBytes(40, 40);
    for (let i = 0; i < PROFILE_PHOTO_LIMIT.max; i += 1) expect((await send(busy, bytes)).status).toBe(200);
    const refused = await send(busy, bytes);
    expect(refused.status).toBe(429);
  });
});

describe("DELETE /api/users/me/photo", () => {
  it("needs a login (401)", async () => {
    expect((await call(deletePhoto, { ip: IP, method: "DELETE" })).status).toBe(401);
  });

  it("clears profile_image and deletes the file; again is harmless", async () => {
    const current = await profileImageOf(user.id);
    expect(current).toMatch(PHOTO_URL);
    const res = await call(deletePhoto, { token: user.token, ip: IP, method: "DELETE" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, profile_image: null });
    expect(await profileImageOf(user.id)).toBeNull();
    expect(existsSync(fileOf(current!))).toBe(false);
    const again = await call(deletePhoto, { token: user.token, ip: IP, method: "DELETE" });
    expect(again.status).toBe(200);
    expect(again.body.profile_image).toBeNull();
  });

  it("never deletes a file this feature did not issue (a seeded or product image)", async () => {
    const keeper = await registerUser({ name: "Seed Gebruiker" });
    const productUrl = "/uploads/products/2026/0b8f3c1e-2d4a-4c1e-9b2f-6a7d8e9f0a1b.webp";
    const file = fileOf(productUrl);
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await sharp(await pngBytes(10, 10)).webp().toBuffer());
    await db.user.update({ where: { id: keeper.id }, data: { profileImage: productUrl } });
    const res = await call(deletePhoto, { token: keeper.token, ip: IP, method: "DELETE" });
    expect(res.status).toBe(200);
    expect(await profileImageOf(keeper.id)).toBeNull();
    expect(existsSync(file)).toBe(true);
  });
});
