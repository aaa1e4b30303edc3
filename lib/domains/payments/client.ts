/** What client components may use of the payments domain: the fee rule (pure). */
export { commissionCents, FEE_PERCENT } from "./fees";
