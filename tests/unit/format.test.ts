import { describe, expect, it } from "vitest";
import { formatCents, formatDate, formatEuro, formatRelative } from "@/lib/platform/i18n/format";
import { createFormatter } from "next-intl";
import { appFormatter, formats, money, relative } from "@/lib/platform/i18n/formats";

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

describe("next-intl's formatter with the app's formats", () => {
  const at = new Date("2026-12-07T23:30:00Z"); // 8 December, 00:30 in Amsterdam

  it("formats money and dates as the pages show them", () => {
    const nl = appFormatter("nl");
    const en = appFormatter("en");
    expect(money(nl, 3500).replace(/\s/g, " ")).toBe("€ 35,00");
    expect(money(en, 3500)).toBe("€35.00");
    expect(nl.dateTime(at, "date")).toBe("8 dec 2026");
    expect(en.dateTime(at, "date")).toBe("8 Dec 2026");
    expect(en.dateTime(at, "dateTime")).toBe("8 Dec 2026, 00:30");
  });

  it("gives a client formatter with the same formats the same money as the server's", () => {
    const client = createFormatter({ locale: "en", timeZone: "Europe/Amsterdam", formats });
    expect(money(client, 123450)).toBe(money(appFormatter("en"), 123450));
  });

  it("says yesterday for one day and counts whole units down", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(relative(appFormatter("nl"), "nl", ago(86_400 + 3600), now)).toBe("gisteren");
    expect(relative(appFormatter("en"), "en", ago(90 * 60), now)).toBe("1 hour ago");
    expect(relative(appFormatter("nl"), "nl", ago(59 * 60 + 50), now)).toBe("59 minuten geleden");
  });
});
