import { listCategoriesWithCounts } from "@/lib/domains/catalog";
import type { Locale } from "@/lib/platform/i18n/config";
import type { CategoryOption } from "@/components/listing/listing-form";

/** The sell form's categories: the API name (Dutch) as value, labelled in the page's language. */
export async function categoryOptions(locale: Locale): Promise<CategoryOption[]> {
  const categories = await listCategoriesWithCounts();
  return categories.map((category) => ({
    name: category.name,
    label: locale === "en" && category.name_en ? category.name_en : category.name,
  }));
}
