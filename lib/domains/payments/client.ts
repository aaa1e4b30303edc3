/** What client components may use of the payments domain: the fee rule (pure). */
export { commissionCents } from "./fees";
