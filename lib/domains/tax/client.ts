/** What client components may use of the tax domain: types only (nothing that needs the server). */
export type { TaxProfileJson } from "./profile";
export type { AddressInput as TaxAddress } from "./input";
export type { TaxDashboard } from "./dashboard";
