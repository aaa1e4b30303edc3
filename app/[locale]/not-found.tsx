"use client";

// A client component: a not-found boundary gets no params, and the pages around it are
// cached per language, so its language comes from the page's provider, not a cookie.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export default function NotFound() {
  const t = useTranslations("errors.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${t("title")} · Kringwaar`}</title>
      <meta name="robots" content="noindex" />
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <SearchXIcon aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link href="/">{t("home")}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/browse">{t("browse")}</Link>
        </Button>
      </div>
    </div>
  );
}
