/**
 * The kinds of Web Push a user can turn off one by one (Settings tab; docs/notifications.md).
 * Every category is on until the user turns it off; subscribing a device is the opt-in.
 */
export const PUSH_CATEGORIES = ["messages", "offers", "sales", "shipping", "returns", "payouts"] as const;

export type PushCategory = (typeof PUSH_CATEGORIES)[number];

export function isPushCategory(value: string): value is PushCategory {
  return (PUSH_CATEGORIES as readonly string[]).includes(value);
}

/** The stored preferences ({"offers": false}) as a full map, every category present. */
export function pushPreferencesOf(stored: unknown): Record<PushCategory, boolean> {
  const given = stored && typeof stored === "object" && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(PUSH_CATEGORIES.map((c) => [c, given[c] !== false])) as Record<PushCategory, boolean>;
}
