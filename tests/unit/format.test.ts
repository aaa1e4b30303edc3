import { describe, expect, it } from "vitest";
import { formatCents, formatDate, formatEuro, formatRelative } from "@/lib/platform/i18n/format";

describe("formatting", () => {
  it("formats euros the Dutch way in Dutch", () => {
    expect(formatEuro(1234.5, "nl").replace(/\s/g, " ")).toBe("€ 1.234,50");
    expect(formatCents(250, "nl").replace(/\s/g, " ")).toBe("€ 2,50");
    expect(formatEuro(1234.5, "en")).toBe("€1,234.50");
  });

  it("follows the relative-time steps", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(formatRelative(ago(30), "en", now)).toBe("Just now");
    expect(formatRelative(ago(30), "nl", now)).toBe("Zojuist");
    expect(formatRelative(ago(5 * 60), "en", now)).toBe("5 minutes ago");
    expect(formatRelative(ago(3 * 3600), "en", now)).toBe("3 hours ago");
    expect(formatRelative(ago(2 * 86_400), "en", now)).toBe("2 days ago");
    expect(formatRelative(ago(10 * 86_400), "en", now)).toMatch(/12 Nov 2026/);
  });

  it("keeps one formatter per language and options, never handing one's out for another", () => {
    const at = new Date("2026-11-22T23:30:00Z"); // 23 November in Amsterdam
    // Each call after the first of its kind reuses a kept formatter; alternate them.
    for (let round = 0; round < 2; round += 1) {
      expect(formatEuro(5, "en")).toBe("€5.00");
      expect(formatEuro(5, "nl").replace(/\s/g, " ")).toBe("€ 5,00");
      expect(formatDate(at, "en")).toBe("23 Nov 2026");
      expect(formatDate(at, "nl")).toBe("23 nov 2026");
      expect(formatDate(at, "en", { dateStyle: "long" })).toBe("23 November 2026");
      expect(formatDate(at, "en", { dateStyle: undefined, year: "numeric" })).toBe("2026");
      expect(formatRelative(new Date(at.getTime() - 120_000), "nl", at)).toBe("2 minuten geleden");
      expect(formatRelative(new Date(at.getTime() - 120_000), "en", at)).toBe("2 minutes ago");
    }
  });
});
