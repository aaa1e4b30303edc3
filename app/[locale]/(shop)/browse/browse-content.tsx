import { resolveLocale } from "@/lib/platform/i18n/config";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { BrowseView, type BrowseResults } from "@/components/catalog/browse-view";
import { toCardProduct } from "@/components/catalog/card-product";
import { AppError } from "@/lib/platform/api/errors";
import { browseApiParams, browseKey, browseSearchParams, type BrowseState } from "@/lib/domains/catalog";
import { productQuerySchema } from "@/lib/domains/catalog";
import { hasActiveFilters, publicCategories, publicSearch, searchProducts } from "@/lib/domains/catalog";
import { log } from "@/lib/platform/log";
import { mapSettings, pageMetadata } from "@/lib/platform/site";

/**
 * /browse, shared by its two routes: `page.tsx` (no query: cached once per language)
 * and `results/page.tsx` (filters, rendered per request; proxy.ts sends a /browse with
 * a query there). Results are what anyone may see.
 */

export async function browseMetadata(state: BrowseState, locale: string): Promise<Metadata> {
  const t = await getTranslations("browse.meta");
  const search = state.search.trim();
  const category = state.category.trim();
  const title = search
    ? t("titleSearch", { search })
    : category
      ? t("titleCategory", { category: await categoryLabel(category, locale) })
      : t("title");
  const query = browseSearchParams({ ...state, page: 1, view: "list" }).toString();
  return pageMetadata({
    title,
    description: t("description"),
    path: query ? `/browse?${query}` : "/browse",
    locale,
    // Endless filter combinations: only the plain page and categories are worth indexing.
    noIndex: Boolean(search || state.min_price || state.max_price || state.location || state.near),
  });
}

async function categoryLabel(name: string, locale: string): Promise<string> {
  if (locale !== "en") return name;
  const categories = await publicCategories();
  return categories.find((category) => category.name.toLowerCase() === name.toLowerCase())?.name_en ?? name;
}

async function loadResults(state: BrowseState, locale: string): Promise<BrowseResults> {
  const key = browseKey(state);
  const parsed = productQuerySchema.safeParse(Object.fromEntries(browseApiParams(state, resolveLocale(locale))));
  if (!parsed.success) return { key, products: [], total: 0, error: "failed" };
  try {
    // The plain /browse from the cache; a filtered one (endless combinations) per request.
    const { products, total, totalIsCapped, suggestion } = hasActiveFilters(state) ? await searchProducts(parsed.data, null) : await publicSearch(parsed.data);
    return { key, products: products.map(toCardProduct), total, totalIsCapped, error: null, suggestion };
  } catch (error) {
    if (error instanceof AppError && error.code === "near_not_found") {
      return { key, products: [], total: 0, error: "near_not_found" };
    }
    log().error({ err: error }, "browse: loading products failed");
    return { key, products: [], total: 0, error: "failed" };
  }
}

/** The first results are rendered here from the URL; BrowseView takes over from there. */
export async function BrowseContent({ state, locale }: { state: BrowseState; locale: string }) {
  const [categories, initial] = await Promise.all([publicCategories(), loadResults(state, locale)]);
  return (
    <BrowseView
      // A navigation to /browse with other filters (a link, not the page's own pushState)
      // starts afresh; the client's own URL updates keep it mounted.
      key={initial.key}
      initial={initial}
      categories={categories.map((category) => ({
        value: category.name,
        label: locale === "en" ? category.name_en : category.name,
      }))}
      {...mapSettings()}
    />
  );
}
