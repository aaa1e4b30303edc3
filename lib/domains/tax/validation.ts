/**
 * Checks of the DAC7 tax profile's numbers: the BSN's 11-test, the IBAN's mod-97
 * checksum (ISO 13616), and masking for display. Pure functions.
 */

/** A Dutch BSN: 9 digits (8 with a leading zero dropped) passing the 11-test. */
export function isValidBsn(raw: string): boolean {
  const digits = raw.replace(/[\s.\-]/g, "").padStart(9, "0");
  if (!/^\d{9}$/.test(digits) || /^0+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(digits[i]) * (9 - i);
  sum -= Number(digits[8]);
  return sum % 11 === 0;
}

export function normalizeBsn(raw: string): string {
  return raw.replace(/[\s.\-]/g, "").padStart(9, "0");
}

/** A tax number as stored: letters and digits, upper case (spaces, dots, dashes and slashes dropped). */
export function normalizeTin(raw: string): string {
  return raw.replace(/[\s.\-/]/g, "").toUpperCase();
}

export const TIN_MESSAGE = "Enter your tax number as its country writes it: letters and digits";

/**
 * A TIN of `country`: letters and digits of a sane length. A Dutch one is 9 digits (a
 * BSN, which also passes the 11-test, or a company's RSIN: putTaxProfile decides which);
 * others 5 to 20 letters and digits.
 */
export function isValidTin(raw: string, country: string): boolean {
  const tin = normalizeTin(raw);
  if (country === "NL") return /^\d{9}$/.test(tin);
  return /^[A-Z0-9]{5,20}$/.test(tin) && /\d/.test(tin);
}

export function normalizeIban(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

/** An IBAN: country, check digits and account, with the mod-97 checksum equal to 1. */
export function isValidIban(raw: string): boolean {
  const iban = normalizeIban(raw);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith("NL") && !/^NL\d{2}[A-Z]{4}\d{10}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** "123456782" → "*****6782"; "NL91ABNA0417164300" → "NL91 **** **** **43 00"-like: last 4 shown. */
export function mask(value: string, visible = 4): string {
  if (value.length <= visible) return "*".repeat(value.length);
  return "*".repeat(value.length - visible) + value.slice(-visible);
}

export function maskIban(iban: string): string {
  return iban.slice(0, 2) + mask(iban.slice(2), 4);
}
