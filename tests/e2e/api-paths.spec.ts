// Unknown /api paths answer as the API does, with JSON, not the site's HTML 404 page.
import { expect, test } from "@playwright/test";

test("an unknown /api path is a JSON 404 for every method", async ({ request }) => {
  for (const [method, path] of [
    ["GET", "/api/does-not-exist"],
    ["POST", "/api/products/recommendations/for-me"],
    ["DELETE", "/api/v2/users"],
  ] as const) {
    const res = await request.fetch(path, { method, data: method === "GET" ? undefined : {} });
    expect(res.status(), `${method} ${path}`).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/json");
    expect(await res.json()).toEqual({ detail: "Not found" });
  }
  // Real routes still win over the catch-all.
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
});
