import type { Metadata } from "next";
import { parseBrowseParams } from "@/lib/domains/catalog";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";
import { browseMetadata, BrowseContent } from "../browse-content";

export const dynamic = "force-dynamic";

/**
 * /browse with filters in its query (proxy.ts rewrites it here): rendered per request,
 * as the combinations are endless. The URL the visitor sees stays /browse?….
 */
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }): Promise<Metadata> {
  return browseMetadata(parseBrowseParams(await searchParams), await pageLocale(params));
}

export default async function BrowseResultsPage({ params, searchParams }: { params: LocaleParams; searchParams: SearchParams }) {
  return <BrowseContent state={parseBrowseParams(await searchParams)} locale={await pageLocale(params)} />;
}
