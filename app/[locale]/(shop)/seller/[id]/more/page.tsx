import type { Metadata } from "next";
import { pageLocale } from "@/lib/platform/i18n/page-locale";
import { pageOf, SellerProfile, sellerMetadata } from "../seller-profile";

export const dynamic = "force-dynamic";

/** /seller/{id}?page=N (proxy.ts rewrites it here): the further pages, per request. */
type Params = Promise<{ locale: string; id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  return sellerMetadata((await params).id, locale);
}

export default async function SellerMorePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  await pageLocale(params);
  return <SellerProfile id={(await params).id} page={pageOf((await searchParams).page)} />;
}
