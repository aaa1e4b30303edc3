// The shipping rules (lib/domains/shipping/rules.ts, working-days.ts): working days for ship_by, the
// tracking steps that may follow each other, and how a deadline is written.
import { describe, expect, it } from "vitest";
import { addWorkingDays, canAdvance, claimUntil } from "@/lib/domains/shipping";
import { isHoliday } from "@/lib/domains/shipping/working-days";

describe("working days", () => {
  it("skips the weekend, in Dutch time, and keeps the time of day", () => {
    // Friday 14:00 Amsterdam (13:00 UTC in winter) + 5 working days = next Friday 14:00.
    expect(addWorkingDays(new Date("2026-11-27T13:00:00Z"), 5).toISOString()).toBe("2026-12-04T13:00:00.000Z");
    // Monday + 5 = next Monday.
    expect(addWorkingDays(new Date("2026-11-23T09:00:00Z"), 5).toISOString()).toBe("2026-11-30T09:00:00.000Z");
    // Paid on Saturday: Monday is the first working day, the fifth is Friday.
    expect(addWorkingDays(new Date("2026-11-28T10:00:00Z"), 5).toISOString()).toBe("2026-12-04T10:00:00.000Z");
    // Friday 23:30 Amsterdam is Friday 22:30 UTC: still Friday there.
    expect(addWorkingDays(new Date("2026-11-27T22:30:00Z"), 1).toISOString()).toBe("2026-11-30T22:30:00.000Z");
    // One working day before a Monday deadline is the Friday.
    expect(addWorkingDays(new Date("2026-11-30T09:00:00Z"), -1).toISOString()).toBe("2026-11-27T09:00:00.000Z");
  });

  it("skips the Dutch public holidays of the Algemene termijnenwet, Liberation Day included", () => {
    // Thursday 24 December 2026 + 1 = Monday 28 December (Christmas Friday, then the weekend).
    expect(addWorkingDays(new Date("2026-12-24T10:00:00Z"), 1).toISOString()).toBe("2026-12-28T10:00:00.000Z");
    // Wednesday 13 May 2026 + 1 skips Ascension Day to Friday 15 May.
    expect(addWorkingDays(new Date("2026-05-13T10:00:00Z"), 1).toISOString()).toBe("2026-05-15T10:00:00.000Z");
    // Friday 1 May 2026 + 2: Monday 4 May, then Liberation Day (5 May) is skipped to 6 May.
    expect(addWorkingDays(new Date("2026-05-01T10:00:00Z"), 2).toISOString()).toBe("2026-05-06T10:00:00.000Z");
    // Easter and Whit Monday, King's Day and New Year's Day.
    for (const day of ["2026-04-06", "2026-05-25", "2026-04-27", "2027-01-01", "2026-12-26"]) expect(isHoliday(new Date(`${day}T10:00:00Z`))).toBe(true);
    // Good Friday and Remembrance Day are working days.
    for (const day of ["2026-04-03", "2026-05-04", "2026-12-31"]) expect(isHoliday(new Date(`${day}T10:00:00Z`))).toBe(false);
    // In Dutch time: 24 December 23:30 UTC is already Christmas in Amsterdam.
    expect(isHoliday(new Date("2026-12-24T23:30:00Z"))).toBe(true);
  });

  it("opens a 48-hour claim window", () => {
    expect(claimUntil(new Date("2026-12-01T10:00:00Z")).toISOString()).toBe("2026-12-03T10:00:00.000Z");
  });
});

describe("tracking steps", () => {
  it("only move forward, once, and end at delivered, returned or lost", () => {
    expect(canAdvance(null, "label_created")).toBe(true);
    expect(canAdvance(null, "in_transit")).toBe(false);
    expect(canAdvance("label_created", "in_transit")).toBe(true);
    expect(canAdvance("label_created", "delivered")).toBe(true);
    expect(canAdvance("in_transit", "in_transit")).toBe(false);
    expect(canAdvance("in_transit", "lost")).toBe(true);
    expect(canAdvance("in_transit", "returned")).toBe(true);
    expect(canAdvance("delivered", "in_transit")).toBe(false);
    expect(canAdvance("delivered", "returned")).toBe(false);
    expect(canAdvance("lost", "delivered")).toBe(false);
    expect(canAdvance("returned", "lost")).toBe(false);
  });
});
