// Uploads belong to the uploader until a listing uses them; unused
// uploads older than a day are deleted by the escrow job.
import { beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import path from "node:path";
import { POST as createProduct } from "@/app/api/products/route";
import { PUT as updateProduct } from "@/app/api/products/[id]/route";
import { db } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { runJobs } from "@/lib/domains/jobs";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { ensureCategories, listingPayload, uploadTestImage } from "../../support/catalog";

const DAY = 24 * 60 * 60 * 1000;
const NOT_YOURS = "This image was uploaded by someone else. Please upload your own";

let uploader: RegisteredUser;
let copier: RegisteredUser;

beforeAll(async () => {
  await ensureCategories();
  uploader = await registerUser({ name: "Sanne de Vries" });
  copier = await registerUser({ name: "Daan Jansen" });
});

function fileOf(url: string): string {
  return path.join(env().UPLOADS_DIR, url.replace(/^\/uploads\//, ""));
}

function thumbOf(url: string): string {
  return fileOf(url.replace(/\.webp$/, "-thumb.webp"));
}

function keyOf(url: string): string {
  return url.replace(/^\/uploads\//, "");
}

async function productCount(sellerId: string): Promise<number> {
  return db.product.count({ where: { sellerId } });
}

async function age(url: string, ms: number): Promise<void> {
  await db.uploadedImage.update({ where: { key: keyOf(url) }, data: { createdAt: new Date(Date.now() - ms) } });
}

describe("an upload no listing uses yet belongs to its uploader", () => {
  it("refuses another user's unclaimed upload in a new listing (422) and creates nothing; the uploader can still use it", async () => {
    const url = await uploadTestImage(uploader.token);
    const before = await productCount(copier.id);
    const res = await call(createProduct, { token: copier.token, json: await listingPayload(copier, { images: [url] }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: "images.0", message: NOT_YOURS });
    expect(await productCount(copier.id)).toBe(before);
    expect(existsSync(fileOf(url))).toBe(true);

    const own = await call(createProduct, { token: uploader.token, json: await listingPayload(uploader, { images: [url] }) });
    expect(own.status).toBe(201);
    expect(own.body.images).toEqual([url]);
  });

  it("refuses another user's unclaimed upload added to an existing listing as well", async () => {
    const created = await call(createProduct, { token: copier.token, json: await listingPayload(copier) });
    expect(created.status).toBe(201);
    const theirs = await uploadTestImage(uploader.token);
    const payload = await listingPayload(copier, { images: [...created.body.images, theirs] });
    const res = await call(updateProduct, { token: copier.token, params: { id: created.body.id }, json: payload });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: "images.1", message: NOT_YOURS });
    const images = await db.productImage.findMany({ where: { productId: created.body.id } });
    expect(images.map((image) => image.url)).toEqual(created.body.images);
  });

  it("a listing's images stay its own when the seller edits it (no new claim needed)", async () => {
    const created = await call(createProduct, { token: uploader.token, json: await listingPayload(uploader) });
    expect(created.status).toBe(201);
    const res = await call(updateProduct, {
      token: uploader.token,
      params: { id: created.body.id },
      json: await listingPayload(uploader, { images: created.body.images, title: "Nieuwe titel" }),
    });
    expect(res.status).toBe(200);
    expect(res.body.images).toEqual(created.body.images);
  });
});

describe("unused uploads are deleted by the escrow job after a day", () => {
  it("deletes an upload unused for over a day (files and all), keeps fresh and listed ones, and reports the count", async () => {
    const stale = await uploadTestImage(uploader.token);
    const fresh = await uploadTestImage(uploader.token);
    const listed = await uploadTestImage(uploader.token);
    const res = await call(createProduct, { token: uploader.token, json: await listingPayload(uploader, { images: [listed] }) });
    expect(res.status).toBe(201);
    await age(stale, DAY + 60_000);
    await age(fresh, DAY - 60 * 60_000);

    const report = await runJobs(new Date());
    expect(report.unused_uploads_deleted).toBeGreaterThanOrEqual(1);
    expect(existsSync(fileOf(stale))).toBe(false);
    expect(existsSync(thumbOf(stale))).toBe(false);
    expect(existsSync(fileOf(fresh))).toBe(true);
    expect(existsSync(fileOf(listed))).toBe(true);
    expect(existsSync(thumbOf(listed))).toBe(true);

    // The deleted upload can no longer be listed, not even by its uploader.
    const late = await call(createProduct, { token: uploader.token, json: await listingPayload(uploader, { images: [stale] }) });
    expect(late.status).toBe(422);
    expect(late.body.errors[0].field).toBe("images.0");

    // A second run finds nothing more of ours to delete: the fresh one is not a day old yet.
    await runJobs(new Date());
    expect(existsSync(fileOf(fresh))).toBe(true);
  });

  it("overlapping job runs delete each unused upload once", async () => {
    const urls = await Promise.all([1, 2, 3].map(() => uploadTestImage(uploader.token)));
    for (const url of urls) await age(url, 2 * DAY);
    const reports = await Promise.all([1, 2, 3, 4].map(() => runJobs(new Date())));
    const total = reports.reduce((sum, report) => sum + report.unused_uploads_deleted, 0);
    // Nothing else in this file is a day old: the runs together deleted exactly these three.
    expect(total).toBe(3);
    expect(await db.uploadedImage.count({ where: { key: { in: urls.map(keyOf) } } })).toBe(0);
    for (const url of urls) expect(existsSync(fileOf(url))).toBe(false);
  });
});
