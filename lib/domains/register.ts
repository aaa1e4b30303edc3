/**
 * The composition root: what the platform layer needs from the domains, registered once
 * at start-up. Route files get this by importing `route` from lib/domains/route.ts, the
 * cron route by importing the runner from lib/domains/jobs.ts. A new domain with
 * scheduled work adds its `jobs` here; a new route hook goes here too.
 */
import { rateLimitJobs } from "@/lib/platform/api/jobs";
import { registerAfterResponse, registerCallerResolver } from "@/lib/platform/api/hooks";
import { registerJobs } from "@/lib/platform/jobs";
import { mailJobs } from "@/lib/platform/mail/jobs";
import { accountsJobs } from "@/lib/domains/accounts";
import { resolveCaller } from "@/lib/domains/accounts";
import { refuseUser } from "@/lib/domains/accounts";
import { forgetCallerAfterWrite } from "@/lib/domains/accounts";
import { catalogJobs } from "@/lib/domains/catalog";
import { dropPagesAfterChange } from "@/lib/domains/catalog";
import { geoJobs } from "@/lib/domains/geo";
import { forgetUnread } from "@/lib/domains/messaging";
import { notificationsJobs } from "@/lib/domains/notifications";
import { offersJobs } from "@/lib/domains/offers";
import { ordersJobs } from "@/lib/domains/orders";
import { savedSearchesJobs } from "@/lib/domains/saved-searches";
import { registerEscrow } from "@/lib/domains/shipping";
import { shippingEscrow } from "@/lib/domains/orders";
import { taxJobs } from "@/lib/domains/tax";

// The escrow the shipping lifecycle settles its parcels with (orders builds on shipping).
registerEscrow(shippingEscrow);
// Who is calling, and a ban refusing them (accounts).
registerCallerResolver(resolveCaller, refuseUser);
// A successful change may show on the cached public pages (catalog).
registerAfterResponse(dropPagesAfterChange);
// A write's caller is read afresh next time (accounts' short caller cache).
registerAfterResponse((method, _pathname, _status, caller) => forgetCallerAfterWrite(method, caller));
// And their unread count: a write of theirs (a message, an offer) shows in it at once.
registerAfterResponse((method, _pathname, _status, caller) => {
  if (caller && method !== "GET" && method !== "HEAD") forgetUnread(caller.id);
});

/** Every scheduled job, in the order the `work` phase runs them (lib/platform/jobs). */
export const jobs = [
  ...ordersJobs,
  ...offersJobs,
  ...savedSearchesJobs,
  ...catalogJobs,
  ...notificationsJobs,
  ...mailJobs,
  ...geoJobs,
  ...rateLimitJobs,
  ...accountsJobs,
  ...taxJobs,
] as const;
registerJobs(...jobs);
