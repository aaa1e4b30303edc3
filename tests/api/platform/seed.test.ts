import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as serveUpload } from "@/app/uploads/[...path]/route";
import { db, getDb } from "@/lib/platform/db/client";
import { createLocalStorage } from "@/lib/platform/storage/local";
import { demoLogins, seedDemoData } from "@/prisma/seed";
import { call } from "../../support/http";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "kringwaar-seed-"));
process.env.UPLOADS_DIR = uploadsDir;
const store = createLocalStorage(uploadsDir);

describe("demo data", () => {
  it("seeds an empty database once, with every condition and at least 10 categories", async () => {
    const first = await seedDemoData(getDb(), store);
    expect(first.seeded).toBe(true);
    expect(first.logins.map((l) => l.role)).toContain("admin");

    const second = await seedDemoData(getDb(), store);
    expect(second.seeded).toBe(false);

    expect(await db.user.count({ where: { isAdmin: true } })).toBe(1);
    expect(await db.user.count({ where: { isAdmin: false } })).toBeGreaterThanOrEqual(8);
    expect(await db.user.count({ where: { isBusinessSeller: true, vatNumber: { not: null } } })).toBe(1);
    expect(await db.product.count()).toBeGreaterThanOrEqual(35);
    const conditions = await db.product.groupBy({ by: ["condition"] });
    expect(conditions.map((c) => c.condition).sort()).toEqual(["fair", "good", "like_new", "new", "poor"]);
    const categoriesUsed = await db.product.groupBy({ by: ["categoryId"] });
    expect(categoriesUsed.length).toBeGreaterThanOrEqual(10);
    expect(await db.product.count({ where: { images: { none: {} } } })).toBe(0);
    expect(await db.product.count({ where: { locationId: null } })).toBe(0);
  });

  it("lets the printed demo logins sign in", async () => {
    for (const demo of demoLogins()) {
      const res = await call(login, { ip: "10.9.0.1", json: { email: demo.email, password: demo.password } });
      expect(res.status, demo.email).toBe(200);
    }
  });

  it("serves the generated images with long cache headers and refuses other paths", async () => {
    const image = await db.productImage.findFirstOrThrow();
    const key = image.url.replace(/^\/uploads\//, "");
    const res = await serveUpload(new Request(`http://localhost${image.url}`), {
      params: Promise.resolve({ path: key.split("/") }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");

    for (const bad of [["..", "..", "etc", "passwd"], ["products", "nope.webp"], ["products", "..%2F..%2Fx"]]) {
      const miss = await serveUpload(new Request("http://localhost/uploads/x"), { params: Promise.resolve({ path: bad }) });
      expect(miss.status, bad.join("/")).toBe(404);
    }
  });
});
