/**
 * Account field limits.
 * No zod here: client components import these without carrying the schemas.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const BUSINESS_ADDRESS_MAX = 300;
