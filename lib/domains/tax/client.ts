/** What client components may use of the tax domain: types and the country list (nothing that needs the server). */
export type { TaxPrefillJson, TaxProfileJson } from "./responses";
export { COUNTRY_CODES } from "./countries";
export type { AddressInput as TaxAddress } from "./input";
export type { TaxDashboard } from "./dashboard";
