"use client";

// A client component: segment boundaries get no params, and the product page around it
// is cached, so its language comes from the page's provider, not from a cookie.
import Link from "next/link";
import { useTranslations } from "@/lib/i18n/client";
import { PackageXIcon } from "lucide-react";
import { NotFoundRedirect } from "@/components/catalog/not-found-redirect";
import { Button } from "@/components/ui/button";

/** SPEC.md section 8: "Product not found", with the way back to /browse. */
export default function ProductNotFound() {
  const t = useTranslations("product.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="product-not-found">
      <title>{`${t("title")} · Kringwaar`}</title>
      <meta name="robots" content="noindex" />
      <span className="flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <PackageXIcon aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-semibold text-primary">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-3 text-muted-foreground">{t("text")}</p>
      <Button asChild className="mt-8">
        <Link href="/browse" data-testid="product-not-found-browse">
          {t("browse")}
        </Link>
      </Button>
      <NotFoundRedirect message={t("title")} />
    </div>
  );
}
