import { describe, expect, it } from "vitest";
import { createFormatter } from "next-intl";
import { appFormatter, formats, money, relative } from "@/lib/platform/i18n/formats";

const nl = appFormatter("nl");
const en = appFormatter("en");

describe("next-intl's formatter with the app's formats", () => {
  it("formats euros the Dutch way in Dutch", () => {
    expect(nl.number(1234.5, "euro").replace(/\s/g, " ")).toBe("€ 1.234,50");
    expect(money(nl, 250).replace(/\s/g, " ")).toBe("€ 2,50");
    expect(money(nl, 3500).replace(/\s/g, " ")).toBe("€ 35,00");
    expect(en.number(1234.5, "euro")).toBe("€1,234.50");
    expect(money(en, 3500)).toBe("€35.00");
  });

  it("formats dates in Amsterdam, English in British order", () => {
    const at = new Date("2026-11-22T23:30:00Z"); // 23 November, 00:30 in Amsterdam
    expect(en.dateTime(at, "date")).toBe("23 Nov 2026");
    expect(nl.dateTime(at, "date")).toBe("23 nov 2026");
    expect(en.dateTime(at, "dateTime")).toBe("23 Nov 2026, 00:30");
    expect(nl.dateTime(at, "dateTime")).toBe("23 nov 2026, 00:30");
    expect(en.dateTime(at, { dateStyle: "long" })).toBe("23 November 2026");
    expect(en.dateTime(at, { year: "numeric" })).toBe("2026");
  });

  it("follows the relative-time steps", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (s: number) => new Date(now.getTime() - s * 1000);
    expect(relative(en, "en", ago(30), now)).toBe("Just now");
    expect(relative(nl, "nl", ago(30), now)).toBe("Zojuist");
    expect(relative(en, "en", ago(5 * 60), now)).toBe("5 minutes ago");
    expect(relative(nl, "nl", ago(2 * 60), now)).toBe("2 minuten geleden");
    expect(relative(nl, "nl", ago(59 * 60 + 50), now)).toBe("59 minuten geleden");
    expect(relative(en, "en", ago(90 * 60), now)).toBe("1 hour ago");
    expect(relative(en, "en", ago(3 * 3600), now)).toBe("3 hours ago");
    expect(relative(nl, "nl", ago(86_400 + 3600), now)).toBe("gisteren");
    expect(relative(en, "en", ago(2 * 86_400), now)).toBe("2 days ago");
    expect(relative(en, "en", ago(10 * 86_400), now)).toBe("12 Nov 2026");
  });

  it("gives a client formatter with the same formats the same money as the server's", () => {
    const client = createFormatter({ locale: "en", timeZone: "Europe/Amsterdam", formats });
    expect(money(client, 123450)).toBe(money(en, 123450));
    const clientNl = createFormatter({ locale: "nl", timeZone: "Europe/Amsterdam", formats });
    expect(money(clientNl, 123450)).toBe(money(nl, 123450));
  });
});
