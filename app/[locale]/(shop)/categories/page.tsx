import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ArrowRightIcon } from "lucide-react";
import { CategoryIcon, categoryHref } from "@/components/catalog/category-icon";
import { EmptyState } from "@/components/catalog/empty-state";
import { publicCategories } from "@/lib/domains/catalog";
import { pageMetadata } from "@/lib/platform/site";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";


export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const [t, locale] = await Promise.all([getTranslations("categories.meta"), getLocale()]);
  return pageMetadata({ title: t("title"), description: t("description"), path: "/categories", locale });
}

/** /categories: every category with the number of products for sale in it. */
export default async function CategoriesPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const [t, locale, categories] = await Promise.all([
    getTranslations("categories"),
    getLocale(),
    publicCategories(),
  ]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
        <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      </header>
      {categories.length === 0 ? (
        <EmptyState className="mt-8" title={t("emptyTitle")} />
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="category-list">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                href={categoryHref(category.name)}
                // One of many tiles: fetched on the tap, not as it scrolls into view
                // (docs/performance.md, "Links and prefetching").
                prefetch={false}
                data-testid="category-card"
                data-category={category.name}
                className="group flex h-full items-center gap-4 rounded-xl border bg-card p-5 shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/40"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <CategoryIcon slug={category.slug} className="size-6" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold group-hover:underline group-hover:underline-offset-2">
                    {locale === "en" ? category.name_en : category.name}
                  </span>
                  <span className="block text-sm text-muted-foreground" data-testid="category-count">
                    {t("count", { count: category.product_count })}
                  </span>
                </span>
                <ArrowRightIcon
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
