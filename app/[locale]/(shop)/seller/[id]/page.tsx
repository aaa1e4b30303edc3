import type { Metadata } from "next";
import { pageLocale } from "@/lib/platform/i18n/page-locale";
import { SellerProfile, sellerMetadata } from "./seller-profile";

type Params = Promise<{ locale: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  return sellerMetadata((await params).id, locale);
}

export default async function SellerPage({ params }: { params: Params }) {
  await pageLocale(params);
  return <SellerProfile id={(await params).id} page={1} />;
}
