import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { UserXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("seller.notFound");
  return { title: t("title"), robots: { index: false } };
}

export default async function SellerNotFound() {
  const t = await getTranslations("seller.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="seller-not-found">
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <UserXIcon aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <Button asChild className="mt-8">
        <Link href="/browse">{t("browse")}</Link>
      </Button>
    </div>
  );
}
