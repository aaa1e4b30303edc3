"use client";

import { apiResult } from "@/components/lib/api-client";

/** Tells the server the owner opened a saved search's results ("new since last opened" restarts). */
export async function markOpened(id: string): Promise<void> {
  // Best effort: a failure only means the "new" count starts a little later.
  await apiResult(`/api/saved-searches/${id}/opened`, { method: "POST", loginOn401: false });
}
