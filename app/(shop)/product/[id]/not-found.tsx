import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PackageXIcon } from "lucide-react";
import { NotFoundRedirect } from "@/components/catalog/not-found-redirect";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("product.notFound");
  return { title: t("title"), robots: { index: false } };
}

/** SPEC.md section 8: "Product not found", with the way back to /browse. */
export default async function ProductNotFound() {
  const t = await getTranslations("product.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="product-not-found">
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
