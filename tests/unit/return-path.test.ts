// Where a visitor continues after logging in: only ever a path on this site.
import { describe, expect, it } from "vitest";
import { loginReasonOf, loginUrlFor, safeReturnPath } from "@/lib/domains/accounts/auth/return-path";

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeReturnPath("/sell")).toBe("/sell");
    expect(safeReturnPath("/messages?c=123")).toBe("/messages?c=123");
    expect(safeReturnPath("/edit-product/abc")).toBe("/edit-product/abc");
  });

  it("refuses anything that could leave the site", () => {
    for (const bad of [
      null,
      "",
      "sell",
      "//evil.example",
      "//evil.example/sell",
      "/\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "/\tevil",
      "/%0d%0aLocation:x".replace("%0d%0a", "\r\n"),
      `/${"a".repeat(2000)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });

  it("names the reason by where the visitor was going, and builds the login URL", () => {
    expect(loginReasonOf("/sell")).toBe("sell");
    expect(loginReasonOf("/edit-product/1")).toBe("sell");
    expect(loginReasonOf("/wishlist")).toBe("wishlist");
    expect(loginReasonOf("/messages?c=1")).toBe("messages");
    expect(loginReasonOf("/payment-success")).toBe("other");
    expect(loginUrlFor("/messages?c=1")).toBe("/?login=required&next=%2Fmessages%3Fc%3D1");
    expect(loginUrlFor("//evil.example")).toBe("/?login=required");
  });
});
