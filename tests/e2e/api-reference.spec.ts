// The API reference for app builders: /docs/api draws /api/openapi.json with Scalar,
// from our own origin only (no fonts or scripts from elsewhere) and within the CSP.
import { expect, test } from "@playwright/test";

test("the API reference shows the operations of the OpenAPI document, offline and within the CSP", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  const refused: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) elsewhere.push(url);
  });
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });

  await page.goto("/docs/api");
  await expect(page.getByRole("heading", { level: 1, name: /API/ })).toBeVisible();
  await expect(page.getByTestId("api-reference")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Sign in: a bearer token and the user").first()).toBeVisible({ timeout: 30_000 });
  expect(elsewhere).toEqual([]);
  expect(refused).toEqual([]);
});

test("the document is JSON at /api/openapi.json", async ({ request }) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(doc.openapi).toBe("3.1.0");
  expect(Object.keys(doc.paths)).toContain("/api/products/{id}");
});
