import type { Metadata } from "next";
import { parseBrowseParams } from "@/lib/domains/catalog";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";
import { browseMetadata, BrowseContent } from "./browse-content";


export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  return browseMetadata(parseBrowseParams({}), await pageLocale(params));
}

export default async function BrowsePage({ params }: { params: LocaleParams }) {
  return <BrowseContent state={parseBrowseParams({})} locale={await pageLocale(params)} />;
}
