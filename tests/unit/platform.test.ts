import { describe, expect, it } from "vitest";
import { clientIp, trustedForwardedFor } from "@/lib/platform/api/client-ip";
import { parseEnv } from "@/lib/platform/env";
import { isLocale, resolveLocale } from "@/lib/platform/i18n/config";

const VALID = {
  DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/kringwaar",
  AUTH_SECRET: "x".repeat(32),
};

describe("configuration", () => {
  it("parses defaults", () => {
    const env = parseEnv(VALID);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_POOL_MAX).toBe(10);
    expect(env.UPLOADS_DIR).toBe(".data/uploads");
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ ...VALID, DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgresql:\/\/ URL/);
    expect(() => parseEnv({ ...VALID, AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
    expect(() => parseEnv({ AUTH_SECRET: VALID.AUTH_SECRET })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ ...VALID, DATABASE_POOL_MAX: "lots" })).toThrow(/DATABASE_POOL_MAX/);
  });

  it("treats empty strings as unset and strips a trailing slash from APP_URL", () => {
    const env = parseEnv({ ...VALID, LOG_LEVEL: "", APP_URL: "https://kringwaar.nl/" });
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.APP_URL).toBe("https://kringwaar.nl");
  });
});

describe("client IP for rate limiting", () => {
  const h = (xff?: string) => new Headers(xff ? { "x-forwarded-for": xff } : {});

  it("reads the entry our server wrote for the farthest trusted proxy (TRUST_PROXY_HOPS + 1 from the right)", () => {
    // As scripts/server.ts passes them on: the trusted entries, then the socket.
    expect(clientIp(h("203.0.113.5"), 0)).toBe("203.0.113.5");
    expect(clientIp(h("203.0.113.5, 10.0.0.2"), 1)).toBe("203.0.113.5");
    expect(clientIp(h("203.0.113.5, 10.0.0.1, 10.0.0.2"), 2)).toBe("203.0.113.5");
    // A chain shorter than the hops (the request came past the proxies): the leftmost.
    expect(clientIp(h("10.0.0.2"), 2)).toBe("10.0.0.2");
  });

  it("falls back to X-Real-IP, then 'unknown'", () => {
    expect(clientIp(new Headers({ "x-real-ip": "203.0.113.9" }), 0)).toBe("203.0.113.9");
    expect(clientIp(h(), 0)).toBe("unknown");
  });
});

describe("X-Forwarded-For as our server passes it on", () => {
  it("keeps nothing the client wrote without trusted proxies", () => {
    expect(trustedForwardedFor("6.6.6.6", "203.0.113.5", 0)).toBe("203.0.113.5");
    expect(trustedForwardedFor(undefined, "::ffff:127.0.0.1", 0)).toBe("127.0.0.1");
    expect(trustedForwardedFor(undefined, "::1", 0)).toBe("::1");
  });

  it("keeps exactly the entries of the trusted hops, then the socket", () => {
    // client 203.0.113.5 -> proxy 10.0.0.1 -> proxy 10.0.0.2 (our socket); the client sent 6.6.6.6.
    expect(trustedForwardedFor("6.6.6.6, 203.0.113.5, 10.0.0.1", "10.0.0.2", 2)).toBe("203.0.113.5, 10.0.0.1, 10.0.0.2");
    expect(trustedForwardedFor(["6.6.6.6", "203.0.113.5"], "10.0.0.2", 1)).toBe("203.0.113.5, 10.0.0.2");
    expect(trustedForwardedFor(undefined, "10.0.0.2", 1)).toBe("10.0.0.2");
    expect(clientIp(new Headers({ "x-forwarded-for": trustedForwardedFor("6.6.6.6, 203.0.113.5, 10.0.0.1", "10.0.0.2", 2) }), 2)).toBe("203.0.113.5");
  });
});

describe("locale values", () => {
  it("accepts only nl and en", () => {
    expect(isLocale("nl")).toBe(true);
    expect(isLocale("en")).toBe(true);
    for (const value of ["NL", "de", "", null, "<script>alert(1)</script>", "en;", 42]) {
      expect(isLocale(value)).toBe(false);
      expect(resolveLocale(value)).toBe("nl");
    }
  });
});
