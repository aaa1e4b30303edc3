"use client";

/** Tells the server the owner opened a saved search's results ("new since last opened" restarts). */
export async function markOpened(id: string): Promise<void> {
  await fetch(`/api/saved-searches/${id}/opened`, { method: "POST", headers: { Accept: "application/json" } }).catch(() => null);
}
