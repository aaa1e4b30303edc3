/**
 * Working days for the shipping and return deadlines (docs/returns.md): Monday to Friday
 * in Dutch time, without the Dutch public holidays. Server code only: the holiday tables
 * of date-holidays are large, so nothing a form imports (./schemas.ts, ./rules.ts,
 * ./client.ts) may import this file.
 */
import Holidays from "date-holidays";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from` plus `days` working days (Monday to Friday, counted in Dutch time, skipping the
 * Dutch public holidays: see `isHoliday`). The time of day is kept: paid Friday 14:00 →
 * ship by the next Friday 14:00.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let at = from.getTime();
  let left = days;
  const step = days >= 0 ? 1 : -1;
  while (left !== 0) {
    at += step * DAY_MS;
    if (!isDayOff(new Date(at))) left -= step;
  }
  // Landing on a day off (only when days is 0 and from is one): move to the next working day.
  while (isDayOff(new Date(at))) at += DAY_MS;
  return new Date(at);
}

function isDayOff(at: Date): boolean {
  const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "Europe/Amsterdam" }).format(at);
  return day === "Sat" || day === "Sun" || isHoliday(at);
}

let calendar: Holidays | null = null;
const holidaysByYear = new Map<number, Set<string>>();

/**
 * The days the Algemene termijnenwet does not count: New Year's Day, Easter and Whit
 * Monday, King's Day, Liberation Day (5 May, every year), Ascension Day and both
 * Christmas days. Taken from the date-holidays library's Dutch calendar (its `public`
 * days; it files Liberation Day under `school`, so that one is added by its date).
 */
export function isHoliday(at: Date): boolean {
  const date = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "Europe/Amsterdam" }).format(at);
  const year = Number(date.slice(0, 4));
  let days = holidaysByYear.get(year);
  if (!days) {
    calendar ??= new Holidays("NL");
    const list = (calendar.getHolidays(year) || []).filter((h) => h.type === "public").map((h) => h.date.slice(0, 10));
    days = new Set([...list, `${year}-05-05`]);
    holidaysByYear.set(year, days);
  }
  return days.has(date);
}

