/**
 * Shared by the component harness pages under /e2e. They are routes of the end-to-end
 * test build only (`page.e2e.tsx`, lib/platform/e2e-build.ts); a production build has no /e2e
 * page, so there they are the site's 404.
 */
import type { Metadata } from "next";
import { env } from "@/lib/platform/env";

export type HarnessSearchParams = Promise<Record<string, string | string[] | undefined>>;

export const harnessMetadata: Metadata = { robots: { index: false, follow: false } };

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
