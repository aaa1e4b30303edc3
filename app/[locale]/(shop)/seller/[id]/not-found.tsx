"use client";

// A client component: segment boundaries get no params, and the seller page around it
// is cached, so its language comes from the page's provider, not from a cookie.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { UserXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export default function SellerNotFound() {
  const t = useTranslations("sellerNotFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="seller-not-found">
      <title>{`${t("title")} · Kringwaar`}</title>
      <meta name="robots" content="noindex" />
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
