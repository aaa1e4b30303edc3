// The one price parser (lib/platform/money/price-input.ts) on prices as Dutch and English users
// type them: what each input becomes in cents, or why it is refused (never a guess).
import { describe, expect, it } from "vitest";
import { formatPriceInput, parsePriceInput, type PriceInputError, type PriceLocale } from "@/lib/platform/money/price-input";

type Row = [input: string, locale: PriceLocale, expected: number | PriceInputError];

const TABLE: Row[] = [
  // Dutch habits
  ["45,50", "nl", 4550],
  ["45,5", "nl", 4550],
  ["45", "nl", 4500],
  ["45,-", "nl", 4500],
  ["€ 45", "nl", 4500],
  ["€45,50", "nl", 4550],
  ["45 euro", "nl", 4500],
  ["1.250", "nl", 125000],
  ["1.250,00", "nl", 125000],
  ["1.250,5", "nl", 125050],
  ["12.500.000", "nl", "too_high"],
  ["1.000.000", "nl", "too_high"],
  ["999.999", "nl", 99999900],
  ["1 250", "nl", 125000],
  ["0,01", "nl", 1],
  ["0,5", "nl", 50],
  ["1,250", "nl", "ambiguous"],
  ["45.50", "nl", 4550],
  ["1,250.00", "nl", 125000],
  // English habits
  ["45.50", "en", 4550],
  ["€45.50", "en", 4550],
  ["1,250", "en", 125000],
  ["1,250.00", "en", 125000],
  ["1.250", "en", "ambiguous"],
  ["1.250,00", "en", 125000],
  ["EUR 12", "en", 1200],
  ["45,50", "en", 4550],
  // Refusals in both
  ["", "nl", "required"],
  ["   ", "en", "required"],
  ["€", "nl", "required"],
  ["abc", "nl", "invalid"],
  ["12a", "en", "invalid"],
  ["1,2,3", "nl", "invalid"],
  ["12.34.56", "nl", "invalid"],
  [",50", "nl", "invalid"],
  ["45,505", "nl", "ambiguous"],
  ["45,5055", "nl", "decimals"],
  ["1.250,555", "nl", "decimals"],
  ["0", "nl", "too_low"],
  ["0,00", "en", "too_low"],
  ["-5", "nl", "too_low"],
  ["1000000", "en", "too_high"],
  ["9999999999", "en", "too_high"],
  ["1e3", "en", "invalid"],
];

describe("parsePriceInput", () => {
  it.each(TABLE)("%s (%s) → %s", (input, locale, expected) => {
    const result = parsePriceInput(input, locale);
    if (typeof expected === "number") expect(result).toEqual({ ok: true, cents: expected });
    else expect(result).toEqual({ ok: false, error: expected });
  });

  it("has a table of at least 30 inputs in both languages", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
    expect(new Set(TABLE.map((row) => row[1]))).toEqual(new Set(["nl", "en"]));
  });

  it("takes bounds for filters that may be zero", () => {
    expect(parsePriceInput("0", "nl", { minCents: 0 })).toEqual({ ok: true, cents: 0 });
    expect(parsePriceInput("60", "nl", { maxCents: 5000 })).toEqual({ ok: false, error: "too_high" });
  });
});

describe("formatPriceInput", () => {
  it("shows the value back the way the page's language writes it", () => {
    expect(formatPriceInput(4550, "nl")).toBe("45,50");
    expect(formatPriceInput(4550, "en")).toBe("45.50");
    expect(formatPriceInput(125000, "nl")).toBe("1.250");
    expect(formatPriceInput(125000, "en")).toBe("1,250");
    expect(formatPriceInput(4500, "nl")).toBe("45");
  });

  it("round-trips: what it shows parses back to the same cents", () => {
    for (const cents of [1, 50, 4550, 99_999_900, 123_456]) {
      for (const locale of ["nl", "en"] as const) {
        expect(parsePriceInput(formatPriceInput(cents, locale), locale)).toEqual({ ok: true, cents });
      }
    }
  });
});
