/**
 * EU VAT number formats (the VIES formats). We check the shape only: the Dutch
 * checksum rules changed in 2020 (mod 11 for old numbers, mod 97 for sole traders'
 * new ones) and a real check belongs to VIES, which needs a network.
 */
const FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[0-9A-Z]\d{7}[0-9A-Z]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE\d[0-9A-Z+*]\d{5}[A-Z]{1,2}$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
};

/** Upper-cases and removes spaces, dots and dashes: "nl 1234.56.789.b01" → "NL123456789B01". */
export function normalizeVatNumber(input: string): string {
  return input.toUpperCase().replace(/[\s.\-]/g, "");
}

export function isValidVatNumber(input: string): boolean {
  const vat = normalizeVatNumber(input);
  const format = FORMATS[vat.slice(0, 2)];
  return format ? format.test(vat) : false;
}
