/**
 * Shared by the component harness pages under /e2e (end-to-end tests only). They exist
 * only when E2E_FIXTURES is on; everywhere else they answer 404.
 */
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { env } from "@/lib/platform/env";

export type HarnessSearchParams = Promise<Record<string, string | string[] | undefined>>;

export const harnessMetadata: Metadata = { robots: { index: false, follow: false } };

export function requireFixtures() {
  if (!env().E2E_FIXTURES) notFound();
}

/**
 * The Google settings for a harness page: `?googleKey=...` forces the Google engine with
 * that key (tests use a fake one to check the fallback); otherwise the configured key.
 */
export async function googleSettings(searchParams: HarnessSearchParams) {
  const params = await searchParams;
  const forced = typeof params.googleKey === "string" && params.googleKey.trim() ? params.googleKey.trim() : undefined;
  return {
    googleMapsKey: forced ?? env().GOOGLE_MAPS_BROWSER_KEY,
    googleMapId: env().GOOGLE_MAPS_MAP_ID,
  };
}
