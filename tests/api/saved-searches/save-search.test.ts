// Saved searches (docs/reviews-and-wishlist.md): the browse filters stored per user (20
// at most), new matches since last opened, and the matcher on the escrow job's schedule:
// one notification per saved search per hour at most, linking to /browse with the
// filters, counted by the catalogue's own search code.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { GET as listRoute, POST as createRoute } from "@/app/api/saved-searches/route";
import { DELETE as deleteRoute } from "@/app/api/saved-searches/[id]/route";
import { POST as openedRoute } from "@/app/api/saved-searches/[id]/opened/route";
import { db } from "@/lib/platform/db/client";
import { runJobs } from "@/lib/domains/jobs";
import { SAVED_SEARCHES_MAX } from "@/lib/domains/saved-searches/schemas";
import { call } from "../../support/http";
import { registerUser, type RegisteredUser } from "../../support/factories";
import { insertProduct } from "../../support/catalog";

const IP = "198.51.100.63";
const HOUR = 60 * 60 * 1000;
let saver: RegisteredUser;
let seller: RegisteredUser;

beforeAll(async () => {
  saver = await registerUser({ name: "Sanne de Vries" });
  seller = await registerUser({ name: "Tijs van den Berg" });
});

const create = (user: RegisteredUser | null, json: unknown) =>
  call(createRoute, { token: user?.token, ip: IP, method: "POST", json });
const list = (user: RegisteredUser) => call(listRoute, { token: user.token, ip: IP });
const remove = (user: RegisteredUser, id: string) => call(deleteRoute, { token: user.token, ip: IP, method: "DELETE", params: { id } });
const opened = (user: RegisteredUser, id: string) => call(openedRoute, { token: user.token, ip: IP, method: "POST", params: { id } });

const matchesOf = (userId: string) => db.notification.findMany({ where: { userId, event: "search.match" }, orderBy: { createdAt: "asc" } });

describe("saving a search", () => {
  it("needs a login", async () => {
    expect((await create(null, { search: "fiets" })).status).toBe(401);
  });

  it("stores the filters (text, category, price range, place) with a browse link; the same filters again answer the same search", async () => {
    const res = await create(saver, { search: " fiets ", category: "Fietsen", min_price: "10", max_price: 300, location: "Utrecht" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "fiets · Fietsen · Utrecht · €10–€300",
      filters: { search: "fiets", category: "Fietsen", min_price: "10", max_price: "300", location: "Utrecht" },
      browse_url: "/browse?search=fiets&category=Fietsen&min_price=10&max_price=300&location=Utrecht",
      new_matches: 0,
    });
    const again = await create(saver, { search: "fiets", category: "Fietsen", min_price: 10, max_price: "300", location: "Utrecht" });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(res.body.id);
    expect(await db.savedSearch.count({ where: { userId: saver.id } })).toBe(1);
  });

  it("keeps a postcode with a radius", async () => {
    const res = await create(saver, { near: "3511 AB", radius_km: 25, name: "Rond Utrecht" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Rond Utrecht", filters: { near: "3511 AB", radius_km: "25" } });
  });

  it("keeps the condition and delivery filters, named in Dutch, and counts only listings that have them", async () => {
    const user = await registerUser({ name: "Kieskeurige koper" });
    const res = await create(user, { search: "loopfiets", condition: "like_new", delivery: "shipping" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "loopfiets · Zo goed als nieuw · Verzenden",
      filters: { search: "loopfiets", condition: "like_new", delivery: "shipping" },
      browse_url: "/browse?search=loopfiets&delivery=shipping&condition=like_new",
    });
    // Another condition is another search.
    expect((await create(user, { search: "loopfiets", condition: "good", delivery: "shipping" })).status).toBe(201);
    await insertProduct({ sellerId: seller.id, title: "Loopfiets hout", condition: "like_new", deliveryOptions: ["pickup", "shipping"] });
    await insertProduct({ sellerId: seller.id, title: "Loopfiets rood", condition: "like_new", deliveryOptions: ["pickup"] });
    await insertProduct({ sellerId: seller.id, title: "Loopfiets blauw", condition: "fair", deliveryOptions: ["shipping"] });
    const saved = (await list(user)).body as { id: string; new_matches: number }[];
    expect(saved.find((s) => s.id === res.body.id)).toMatchObject({ new_matches: 1 });
    // Not a condition or a way of delivery the catalogue knows: 422, nothing stored.
    for (const body of [{ search: "loopfiets", condition: "mint" }, { search: "loopfiets", delivery: "drone" }]) {
      expect((await create(user, body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(await db.savedSearch.count({ where: { userId: user.id } })).toBe(2);
  });

  it("refuses no filters, invalid filters and an unknown place (422), storing nothing", async () => {
    const before = await db.savedSearch.count();
    for (const body of [{}, { search: "   " }, { min_price: "abc" }, { min_price: 50, max_price: 10 }, { radius_km: 10 }, { near: "Nergenshuizen aan Zee 99" }]) {
      const res = await create(saver, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect(await db.savedSearch.count()).toBe(before);
  });

  it("allows at most 20 per user", async () => {
    const user = await registerUser({ name: "Verzamelaar" });
    for (let n = 0; n < SAVED_SEARCHES_MAX; n += 1) expect((await create(user, { search: `ding ${n}` })).status).toBe(201);
    const over = await create(user, { search: "nog één" });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe("You can save at most 20 searches");
    expect(await db.savedSearch.count({ where: { userId: user.id } })).toBe(SAVED_SEARCHES_MAX);
  });

  it("deletes only the owner's own (404 for anyone else)", async () => {
    const mine = await create(saver, { search: "lamp" });
    const other = await registerUser({ name: "Ander" });
    expect((await remove(other, mine.body.id)).status).toBe(404);
    expect((await opened(other, mine.body.id)).status).toBe(404);
    expect((await remove(saver, randomUUID())).status).toBe(404);
    expect((await remove(saver, mine.body.id)).status).toBe(200);
    expect((await remove(saver, mine.body.id)).status).toBe(404);
    expect((await list(saver)).body.map((s: { id: string }) => s.id)).not.toContain(mine.body.id);
  });
});

describe("new matches and notifications", () => {
  it("counts new matching listings since last opened, notifies at most once per hour, and links to the search", async () => {
    const user = await registerUser({ name: "Zoeker" });
    const saved = await create(user, { search: "kinderfiets", category: "Fietsen", max_price: 100 });
    const id = saved.body.id;
    // Older listings, listings that do not match, and the saver's own do not count.
    await insertProduct({ sellerId: seller.id, title: "Kinderfiets oud", priceCents: 5000, createdAt: new Date(Date.now() - HOUR) });
    await insertProduct({ sellerId: seller.id, title: "Kinderfiets te duur", priceCents: 50000 });
    await insertProduct({ sellerId: seller.id, title: "Kinderstoel", priceCents: 2000 });
    await insertProduct({ sellerId: user.id, title: "Kinderfiets van mijzelf", priceCents: 2000 });
    await runJobs();
    expect(await matchesOf(user.id)).toHaveLength(0);

    await insertProduct({ sellerId: seller.id, title: "Kinderfiets 16 inch", priceCents: 4500 });
    await insertProduct({ sellerId: seller.id, title: "Batavus kinderfiets", priceCents: 6000, category: "Fietsen" });
    expect((await list(user)).body[0]).toMatchObject({ id, new_matches: 2 });
    const report = await runJobs();
    // (Other users' saved searches in this file may match too.)
    expect(report.saved_search_notifications).toBeGreaterThanOrEqual(1);
    let rows = await matchesOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: "other", link: "/browse?search=kinderfiets&category=Fietsen&max_price=100" });
    expect(rows[0]!.message).toContain("2 nieuwe");

    // Within the hour: a new match waits.
    await insertProduct({ sellerId: seller.id, title: "Kinderfiets roze", priceCents: 3000 });
    await runJobs();
    expect(await matchesOf(user.id)).toHaveLength(1);
    // An hour later it is told, about that one only.
    await runJobs(new Date(Date.now() + HOUR + 1000));
    rows = await matchesOf(user.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.message).toContain("1 nieuwe");
    // Nothing new: nothing more.
    await runJobs(new Date(Date.now() + 3 * HOUR));
    expect(await matchesOf(user.id)).toHaveLength(2);

    // Opening the search resets "new since last opened".
    expect((await list(user)).body[0].new_matches).toBe(3);
    const seen = await opened(user, id);
    expect(seen.status).toBe(200);
    expect(seen.body.new_matches).toBe(0);
  });

  it("two job runs at once notify once", async () => {
    const user = await registerUser({ name: "Dubbel" });
    await create(user, { search: "schommelstoel" });
    await insertProduct({ sellerId: seller.id, title: "Schommelstoel eiken", priceCents: 4500 });
    await Promise.all([runJobs(), runJobs()]);
    expect(await matchesOf(user.id)).toHaveLength(1);
  });
});
