// The accounts API over real HTTP against the production server, as the mobile apps use it.
import { expect, test } from "@playwright/test";

const stamp = Date.now();

test("register, log in and use the token as a Bearer", async ({ request }) => {
  const email = `app.${stamp}@example.nl`;
  const registered = await request.post("/api/auth/register", {
    data: { name: "App Gebruiker", email, password: "Mobiel-wachtwoord-1", phone: "+31612345678" },
  });
  expect(registered.status()).toBe(201);
  expect(await registered.json()).toMatchObject({ token_type: "bearer", user: { email, name: "App Gebruiker" } });

  const login = await request.post("/api/auth/login", { data: { email, password: "Mobiel-wachtwoord-1" } });
  expect(login.status()).toBe(200);
  const { access_token } = await login.json();

  const me = await request.get("/api/users/me", { headers: { authorization: `Bearer ${access_token}` } });
  expect(me.status()).toBe(200);
  expect((await me.json()).email).toBe(email);

  const again = await request.post("/api/auth/register", { data: { name: "Ander", email, password: "Nog-een-wachtwoord" } });
  expect(again.status()).toBe(409);
  expect((await again.json()).detail).toBe("Email already registered");
});

test("errors come as JSON with a detail and the right status", async ({ request }) => {
  const wrong = await request.post("/api/auth/login", { data: { email: "admin@kringwaar.nl", password: "fout" } });
  expect(wrong.status()).toBe(401);
  expect((await wrong.json()).detail).toBe("Incorrect email or password");

  const notJson = await request.post("/api/auth/login", {
    headers: { "content-type": "application/json" },
    data: Buffer.from("{not json"),
  });
  expect(notJson.status()).toBe(400);
  expect((await notJson.json()).detail).toBeTruthy();

  const anonymous = await request.get("/api/users/me");
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).detail).toBe("Not authenticated");
});

test("repeated failed logins from one address are rate limited for that account", async ({ request }) => {
  const email = `target.${stamp}@example.nl`;
  await request.post("/api/auth/register", { data: { name: "Doel", email, password: "Sterk-wachtwoord-1" } });
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await request.post("/api/auth/login", { data: { email, password: `fout-${i}` } });
    statuses.push(res.status());
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
});
