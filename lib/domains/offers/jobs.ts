/** Offers left unanswered past their expiry end. */
import type { Job } from "@/lib/platform/jobs";
import { expireOffers } from "./service";

export const offersJobs = [{ name: "offers.expire", run: async (now) => ({ expired_offers: await expireOffers(now) }) }] as const satisfies readonly Job[];
