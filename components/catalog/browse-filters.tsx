/**
 * The browse page's filter form, rendered on the server: layout, labels, icons and the
 * selects' options. Its controls (BrowseInput, BrowseSelect and the rest, from
 * browse-filter-controls.tsx) are client components that read and change BrowseControls'
 * state.
 *
 * On a phone or tablet (below `lg`) the form is the search box and
 * one row (Filters (n), clear, list/map), so the results come first; the filter fields
 * open in a bottom sheet (BrowseFiltersButton). From `lg` up the fields sit in the form
 * as before. The fields are one server component, BrowseFilterFields, rendered twice
 * with different ids: in the form (hidden below `lg`) and for the sheet.
 */
import { useTranslations } from "next-intl";
import { ListIcon, MapIcon, XIcon } from "lucide-react";
import { Label } from "@/components/ui/label";
import { CONDITIONS, RADIUS_OPTIONS_KM } from "@/lib/domains/catalog/client";
import { SORTS } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";
import {
  BrowseClear,
  BrowseForm,
  BrowseInput,
  BrowseNearError,
  BrowsePlaceInput,
  BrowsePriceHint,
  BrowseSelect,
  BrowseViewToggle,
} from "./browse-filter-controls";
import { BrowseFiltersButton } from "./browse-phone-filters";
import { BrowseSearchBox } from "./browse-search-box";
import type { BrowseCategory } from "./browse-types";

/** Ids of the form's fields (the sheet's have their own prefix). */
const ID = "browse-filter";

export function BrowseFilters({ categories }: { categories: BrowseCategory[] }) {
  const t = useTranslations("browse");
  return (
    <BrowseForm label={t("filtersLabel")}>
      <BrowseSearchBox id={`${ID}-search`} />

      <div className="hidden lg:block">
        <BrowseFilterFields categories={categories} idPrefix={ID} withOrder={false} />
      </div>
      <BrowseNearError>{t("nearNotFound")}</BrowseNearError>

      <div className="flex flex-wrap items-end justify-between gap-2 lg:gap-3 lg:border-t lg:pt-4">
        <BrowseFiltersButton />
        {/* From lg up delivery and sort sit here, as before; below lg they are in the sheet. */}
        <div className="hidden gap-3 lg:flex">
          <BrowseOrderFields idPrefix={ID} />
        </div>
        <div className="flex items-center gap-2">
          <BrowseClear>
            <XIcon aria-hidden="true" />
            {t("clearFilters")}
          </BrowseClear>
          <BrowseViewToggle
            label={t("viewLabel")}
            options={[
              { value: "list", label: t("viewList"), icon: <ListIcon aria-hidden="true" className="size-4" /> },
              { value: "map", label: t("viewMap"), icon: <MapIcon aria-hidden="true" className="size-4" /> },
            ]}
          />
        </div>
      </div>
    </BrowseForm>
  );
}

/**
 * The filters: category, condition, price range, one place field (place or postcode)
 * with its radius, and (`withOrder`) delivery and sort. Two columns in the sheet; from
 * `lg` up four, six from `xl`, with delivery and sort in the form's bottom row.
 */
export function BrowseFilterFields({
  categories,
  idPrefix,
  withOrder = true,
}: {
  categories: BrowseCategory[];
  idPrefix: string;
  withOrder?: boolean;
}) {
  const t = useTranslations("browse");
  const conditions = useTranslations("product.conditions");
  const ID = idPrefix;
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 xl:grid-cols-6" data-testid={`${ID}-fields`}>
      <Field id={`${ID}-category`} label={t("category")} className="col-span-2 lg:col-span-1">
        <BrowseSelect
          field="category"
          id={`${ID}-category`}
          data-testid="browse-category"
          options={[{ value: "", label: t("allCategories") }, ...categories]}
        />
      </Field>
      <Field id={`${ID}-condition`} label={t("condition")} className="col-span-2 lg:col-span-1">
        <BrowseSelect
          field="condition"
          id={`${ID}-condition`}
          data-testid="browse-condition"
          options={[{ value: "", label: t("anyCondition") }, ...CONDITIONS.map((value) => ({ value, label: conditions(value) }))]}
        />
      </Field>
      <Field id={`${ID}-min`} label={t("minPrice")}>
        <PriceInput id={`${ID}-min`} field="min_price" placeholder="0" testId="browse-min-price" />
      </Field>
      <Field id={`${ID}-max`} label={t("maxPrice")}>
        <PriceInput id={`${ID}-max`} field="max_price" placeholder={t("maxPricePlaceholder")} testId="browse-max-price" />
      </Field>
      <BrowsePriceHint>{t("priceRangeInverted")}</BrowsePriceHint>
      <div className="col-span-2 grid grid-cols-[1fr_auto] gap-2">
        <Field id={`${ID}-place`} label={t("place")}>
          <BrowsePlaceInput
            id={`${ID}-place`}
            maxLength={100}
            autoComplete="postal-code"
            placeholder={t("placePlaceholder")}
            data-testid="browse-near"
          />
        </Field>
        <Field id={`${ID}-radius`} label={t("radius")}>
          <BrowseSelect
            field="radius_km"
            id={`${ID}-radius`}
            data-testid="browse-radius"
            className="w-28"
            options={RADIUS_OPTIONS_KM.map((km) => ({ value: String(km), label: t("radiusOption", { km }) }))}
          />
        </Field>
      </div>
      {withOrder ? <BrowseOrderFields idPrefix={ID} /> : null}
    </div>
  );
}

/**
 * Delivery and sort. In the phone's sheet each takes the full width ("Ophalen of
 * verzenden" would be cut off in half of 390 px); from `sm` two side by side.
 */
function BrowseOrderFields({ idPrefix: ID }: { idPrefix: string }) {
  const t = useTranslations("browse");
  return (
    <>
      <Field id={`${ID}-delivery`} label={t("delivery.label")} className="col-span-2 sm:col-span-1 lg:w-48">
        <BrowseSelect
          field="delivery"
          id={`${ID}-delivery`}
          data-testid="browse-delivery"
          options={[
            { value: "", label: t("delivery.any") },
            { value: "shipping", label: t("delivery.shipping") },
            { value: "pickup", label: t("delivery.pickup") },
          ]}
        />
      </Field>
      <Field id={`${ID}-sort`} label={t("sort")} className="col-span-2 sm:col-span-1 lg:w-60">
        <BrowseSelect
          field="sort"
          id={`${ID}-sort`}
          data-testid="browse-sort"
          options={[
            { value: "", label: t("sortOptions.relevance") },
            ...SORTS.map((sort) => ({ value: sort, label: t(`sortOptions.${sort}`) })),
          ]}
        />
      </Field>
    </>
  );
}

function Field({ id, label, className, children }: { id: string; label: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-1.5", className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children}
    </div>
  );
}

function PriceInput({ id, field, placeholder, testId }: { id: string; field: "min_price" | "max_price"; placeholder: string; testId: string }) {
  return (
    <div className="relative">
      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
        €
      </span>
      <BrowseInput
        field={field}
        price
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        maxLength={10}
        placeholder={placeholder}
        data-testid={testId}
        className="pl-7"
      />
    </div>
  );
}
