/** What client components may use of the accounts domain: nothing that needs the server. */
export { LOGIN_PARAM, NEXT_PARAM, loginReasonOf, safeReturnPath } from "./auth/return-path";
export type { LoginReason } from "./auth/return-path";
export { BUSINESS_ADDRESS_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./limits";
export type { UserJson } from "./serialize";
export type { TraderDetails } from "./trader";
