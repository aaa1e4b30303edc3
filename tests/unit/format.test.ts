import { describe, expect, it } from "vitest";
import { formatCents, formatEuro, formatRelative } from "@/lib/platform/i18n/format";

describe("formatting", () => {
  it("formats euros the Dutch way in Dutch", () => {
    expect(formatEuro(1234.5, "nl").replace(/\s/g, " ")).toBe("€ 1.234,50");
    expect(formatCents(250, "nl").replace(/\s/g, " ")).toBe("€ 2,50");
    expect(formatEuro(1234.5, "en")).toBe("€1,234.50");
  });

  it("follows the SPEC relative-time steps", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(formatRelative(ago(30), "en", now)).toBe("Just now");
    expect(formatRelative(ago(30), "nl", now)).toBe("Zojuist");
    expect(formatRelative(ago(5 * 60), "en", now)).toBe("5 minutes ago");
    expect(formatRelative(ago(3 * 3600), "en", now)).toBe("3 hours ago");
    expect(formatRelative(ago(2 * 86_400), "en", now)).toBe("2 days ago");
    expect(formatRelative(ago(10 * 86_400), "en", now)).toMatch(/12 Nov 2026/);
  });
});
