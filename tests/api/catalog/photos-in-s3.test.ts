// The S3 storage driver against s3rver (an S3 server on loopback), and the catalogue on
// top of it: uploads land in the bucket, listings accept only what is there, deleting a
// listing deletes its objects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { POST as uploadImage } from "@/app/api/upload-image/route";
import { POST as createProduct } from "@/app/api/products/route";
import { DELETE as deleteProduct } from "@/app/api/products/[id]/route";
import { parseEnv, resetEnvCache } from "@/lib/platform/env";
import { storage } from "@/lib/platform/storage";
import { createS3Storage, type S3StorageConfig } from "@/lib/platform/storage/s3";
import type { StorageDriver } from "@/lib/platform/storage/types";
import { call } from "../../support/http";
import { upload } from "../../support/multipart";
import { registerUser } from "../../support/factories";
import { createLocation, ensureCategories, pngBytes } from "../../support/catalog";

const BUCKET = "kringwaar-test";
let server: S3rver;
let config: S3StorageConfig;
let driver: StorageDriver;

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), "kringwaar-s3-")),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  config = {
    endpoint,
    region: "eu-central-1",
    bucket: BUCKET,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: `${endpoint}/${BUCKET}`,
    forcePathStyle: true,
  };
  driver = createS3Storage(config);
});

afterAll(async () => {
  for (const key of ["STORAGE_DRIVER", "S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_PUBLIC_URL", "S3_FORCE_PATH_STYLE"]) {
    delete process.env[key];
  }
  resetEnvCache();
  await server.close();
});

describe("S3 storage driver", () => {
  it("puts, reads, checks and deletes objects; the public URL serves them with immutable caching", async () => {
    const key = "products/2026/0f8e8a4e-5a8c-4a3b-9a57-0d2b1c3e4f50.webp";
    const body = Buffer.from("RIFF....WEBPVP8 not really a picture");
    const { url } = await driver.put(key, body, "image/webp");
    expect(url).toBe(`${config.publicUrl}/${key}`);
    expect(driver.urlFor(key)).toBe(url);
    expect(driver.keyForUrl(url)).toBe(key);
    expect(driver.keyForUrl("https://elsewhere.example/x.webp")).toBeNull();

    expect(await driver.exists(key)).toBe(true);
    const stored = await driver.get(key);
    expect(stored?.contentType).toBe("image/webp");
    expect(stored?.body.equals(body)).toBe(true);

    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(body)).toBe(true);

    await driver.delete(key);
    expect(await driver.get(key)).toBeNull();
    expect(await driver.exists(key)).toBe(false);
    await expect(driver.delete(key)).resolves.toBeUndefined();
  });

  it("answers null for unknown and invalid keys and refuses to write invalid ones", async () => {
    expect(await driver.get("products/missing.webp")).toBeNull();
    expect(await driver.get("../etc/passwd")).toBeNull();
    expect(await driver.exists("Products/UPPER.webp")).toBe(false);
    await expect(driver.put("../escape.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/Invalid storage key/);
  });
});

describe("configuration", () => {
  it("requires bucket, credentials and public URL when STORAGE_DRIVER=s3, naming what is missing", () => {
    const base = { DATABASE_URL: "postgresql://x@127.0.0.1/x", AUTH_SECRET: "x".repeat(32), STORAGE_DRIVER: "s3" };
    expect(() => parseEnv(base)).toThrow(/S3_BUCKET: is required when STORAGE_DRIVER=s3/);
    expect(() => parseEnv({ ...base, S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k", S3_SECRET_ACCESS_KEY: "s" })).toThrow(
      /S3_PUBLIC_URL: is required/,
    );
    const parsed = parseEnv({
      ...base,
      S3_BUCKET: "b",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
      S3_PUBLIC_URL: "https://cdn.example.nl/",
      S3_FORCE_PATH_STYLE: "true",
    });
    expect(parsed).toMatchObject({ S3_REGION: "eu-central-1", S3_PUBLIC_URL: "https://cdn.example.nl", S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ DATABASE_URL: base.DATABASE_URL, AUTH_SECRET: base.AUTH_SECRET })).not.toThrow();
  });
});

describe("the catalogue on S3", () => {
  it("uploads into the bucket, lists with the bucket URLs, and deleting the listing deletes the objects", async () => {
    Object.assign(process.env, {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_PUBLIC_URL: config.publicUrl,
      S3_FORCE_PATH_STYLE: "true",
    });
    resetEnvCache();
    await ensureCategories();
    const seller = await registerUser();

    const uploaded = await upload(uploadImage, await pngBytes(), { token: seller.token, filename: "foto.png" });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url.startsWith(`${config.publicUrl}/products/`)).toBe(true);
    const key = storage().keyForUrl(uploaded.body.url)!;
    expect(await driver.exists(key)).toBe(true);
    expect(await driver.exists(key.replace(".webp", "-thumb.webp"))).toBe(true);

    const json = {
      title: "Fiets",
      description: "Rijdt prima.",
      price: 50,
      category: "Fietsen",
      images: [uploaded.body.url],
      location_id: await createLocation(seller.id),
    };
    const created = await call(createProduct, { token: seller.token, json });
    expect(created.status).toBe(201);
    expect(created.body.images).toEqual([uploaded.body.url]);
    expect(created.body.thumbnails).toEqual([uploaded.body.thumbnail_url]);

    const missing = `${config.publicUrl}/products/2026/00000000-0000-4000-8000-000000000000.webp`;
    const refused = await call(createProduct, { token: seller.token, json: { ...json, images: [missing] } });
    expect(refused.status).toBe(422);

    const deleted = await call(deleteProduct, { method: "DELETE", params: { id: created.body.id }, token: seller.token });
    expect(deleted.status).toBe(200);
    expect(await driver.exists(key)).toBe(false);
    expect(await driver.exists(key.replace(".webp", "-thumb.webp"))).toBe(false);
  });
});
