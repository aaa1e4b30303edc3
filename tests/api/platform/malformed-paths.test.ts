// A path whose percent-encoding does not decode (`/%C0`, `/api/products/%C0%AF`,
// `/uploads/%C0`): Next 16 fails on it while matching its routes (router-server: the
// DecodeError's /400 page cannot be rendered) and answers a bare text/plain 500.
// scripts/server.ts answers these itself: JSON {detail} for /api and /uploads, and the
// site's 404 page for page paths. The server under test is the real one
// (createAppServer); the Next behind it is a stand-in that fails the same way Next does.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppServer, hasMalformedPath } from "@/scripts/server";

let server: Server;
let base: string;
let nextSaw: string[];

beforeAll(async () => {
  nextSaw = [];
  server = createAppServer(
    (req, res) => {
      const url = req.url ?? "/";
      nextSaw.push(url);
      try {
        decodeURIComponent(url.split("?")[0]!);
      } catch {
        // What Next answers for an undecodable path.
        res.statusCode = 500;
        res.setHeader("content-type", "text/plain");
        res.end("Internal Server Error");
        return;
      }
      // Every other unknown page: the site's 404 page.
      res.statusCode = 404;
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<html><body><h1>Pagina niet gevonden</h1>${url}</body></html>`);
    },
    0,
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe("paths with bad percent-encoding", () => {
  it("an /api path answers JSON 400 {detail}, without reaching Next", async () => {
    for (const path of ["/api/products/%C0%AF", "/api/%C0", "/api/products/%E0%A4%A", "/api/users/%"]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ detail: "Malformed URL: the path is not valid percent-encoded UTF-8", code: "bad_path" });
    }
    expect(nextSaw).toEqual([]);
  });

  it("an /uploads path answers the JSON 404 of a missing file", async () => {
    const res = await fetch(`${base}/uploads/%C0`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "Not found", code: "not_found" });
    expect(nextSaw).toEqual([]);
  });

  it("a page path gets the site's 404 page, its query kept", async () => {
    const res = await fetch(`${base}/%C0?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain("Pagina niet gevonden");
    expect(nextSaw).toEqual(["/_C0?x=1"]);
  });

  it("well-encoded paths pass unchanged", async () => {
    nextSaw = [];
    await fetch(`${base}/zoek/fiets%20groen?q=%C3%A9`);
    expect(nextSaw).toEqual(["/zoek/fiets%20groen?q=%C3%A9"]);
    expect(hasMalformedPath("/product/abc?q=%C0")).toBe(false);
    expect(hasMalformedPath("/api/products/%C0%AF")).toBe(true);
  });
});
