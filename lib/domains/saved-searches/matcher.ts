/**
 * The saved-search matcher, one of the scheduled jobs (./jobs.ts): for each saved search not notified in the last hour, the
 * catalogue's own search counts the listings created since its last notification; when
 * there are any, the owner gets one notification linking to /browse with those filters.
 * The claim is a conditional update, so two runs at once notify once.
 */
import { db } from "@/lib/platform/db/client";
import { log } from "@/lib/platform/log";
import { notify } from "@/lib/domains/notifications";
import { SAVED_SEARCH_NOTIFY_EVERY_MS, filtersQueryString, type SavedFilters } from "./schemas";
import { countNewMatches } from "./service";

const BATCH = 500;

/**
 * Returns how many notifications were sent. Never throws: a failure here must not keep
 * the escrow job from its payouts and refunds (it is logged; the next run retries).
 */
export async function notifySavedSearchMatches(now: Date = new Date()): Promise<number> {
  try {
    return await matchDue(now);
  } catch (error) {
    log().error({ err: error }, "saved-search matcher failed");
    return 0;
  }
}

async function matchDue(now: Date): Promise<number> {
  const quietSince = new Date(now.getTime() - SAVED_SEARCH_NOTIFY_EVERY_MS);
  const due = await db.savedSearch.findMany({
    where: {
      OR: [{ lastNotifiedAt: null }, { lastNotifiedAt: { lte: quietSince } }],
      user: { isBanned: false, deletedAt: null },
    },
    orderBy: { notifiedUpTo: "asc" },
    take: BATCH,
  });
  let sent = 0;
  for (const search of due) {
    // The cursor moves on by the real clock, not the job's (the end-to-end tests move
    // the job's clock days ahead; listings made meanwhile must still count later).
    const cursor = new Date();
    let count: number;
    try {
      count = await countNewMatches(search, search.notifiedUpTo);
    } catch (error) {
      log().warn({ err: error, savedSearchId: search.id }, "saved search could not run");
      continue;
    }
    if (count === 0) continue;
    const notified = await db.$transaction(async (tx) => {
      const claimed = await tx.savedSearch.updateMany({
        where: { id: search.id, notifiedUpTo: search.notifiedUpTo },
        data: { notifiedUpTo: cursor, lastNotifiedAt: now },
      });
      if (claimed.count === 0) return false;
      await notify(tx, search.userId, "search.match", {
        savedSearchId: search.id,
        name: search.name,
        count: String(count),
        query: filtersQueryString(search.query as SavedFilters),
      });
      return true;
    });
    if (notified) sent += 1;
  }
  return sent;
}
