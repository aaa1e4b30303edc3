// The shipping rules (lib/domains/shipping/rules.ts): working days for ship_by, the
// tracking steps that may follow each other, and how a deadline is written.
import { describe, expect, it } from "vitest";
import { addWorkingDays, canAdvance, claimUntil } from "@/lib/domains/shipping";
import { dutchDeadline } from "@/lib/domains/shipping/shipment-events";

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

  it("opens a 48-hour claim window", () => {
    expect(claimUntil(new Date("2026-12-01T10:00:00Z")).toISOString()).toBe("2026-12-03T10:00:00.000Z");
  });

  it("writes deadlines in Dutch time, numerically", () => {
    expect(dutchDeadline(new Date("2026-12-04T14:30:00Z"))).toBe("4-12-2026 15:30");
    expect(dutchDeadline(new Date("2026-07-01T22:05:00Z"))).toBe("2-7-2026 00:05");
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
