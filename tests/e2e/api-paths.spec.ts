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
    expect(await res.json()).toMatchObject({ detail: "Not found" });
  }
  // Real routes still win over the catch-all.
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
});

test("the embedded default takes 127.0.0.1 and [::1] on its own port as its own origin", async ({ request, baseURL }) => {
  const port = new URL(baseURL!).port;
  const email = `origin.${Date.now()}@example.nl`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "Origine Test", email, password: "Origine-wachtwoord-1" },
  });
  const { access_token } = await registered.json();
  const checkout = (origin: string) =>
    request.post("/api/payment/create-checkout", {
      headers: { authorization: `Bearer ${access_token}` },
      // An unknown product: the origin is checked first, and nothing is reserved.
      data: { product_id: "00000000-0000-4000-8000-000000000000", origin_url: `${origin}/product/x` },
    });
  for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]) {
    expect((await checkout(origin)).status(), origin).toBe(404);
  }
  const foreign = await checkout("https://kringwaar.example");
  expect(foreign.status()).toBe(400);
  expect((await foreign.json()).detail).toBe("origin_url is not one of this site's addresses");
});
