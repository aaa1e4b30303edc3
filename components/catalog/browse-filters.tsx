/**
 * The browse page's filter form, rendered on the server: layout, labels, icons and the
 * selects' options. Its controls (BrowseInput, BrowseSelect and the rest, from
 * browse-filter-controls.tsx) are client components that read and change BrowseControls'
 * state.
 */
import { useTranslations } from "next-intl";
import { ListIcon, MapIcon, SearchIcon, XIcon } from "lucide-react";
import { Label } from "@/components/ui/label";
import { RADIUS_OPTIONS_KM } from "@/lib/domains/catalog/client";
import { SORTS } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";
import {
  BrowseClear,
  BrowseForm,
  BrowseInput,
  BrowseNearError,
  BrowsePriceHint,
  BrowseSelect,
  BrowseViewToggle,
} from "./browse-filter-controls";
import type { BrowseCategory } from "./browse-types";

/** Ids of the fields (one browse form per page). */
const ID = "browse-filter";

export function BrowseFilters({ categories }: { categories: BrowseCategory[] }) {
  const t = useTranslations("browse");
  return (
    <BrowseForm label={t("filtersLabel")}>
      <div className="relative">
        <Label htmlFor={`${ID}-search`} className="sr-only">
          {t("searchLabel")}
        </Label>
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <BrowseInput
          field="search"
          id={`${ID}-search`}
          type="search"
          inputMode="search"
          enterKeyHint="search"
          autoComplete="off"
          maxLength={200}
          placeholder={t("searchPlaceholder")}
          data-testid="browse-search"
          className="h-12 pl-10 text-base md:text-base"
        />
      </div>

      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Field id={`${ID}-category`} label={t("category")} className="col-span-2 md:col-span-1">
          <BrowseSelect
            field="category"
            id={`${ID}-category`}
            data-testid="browse-category"
            options={[{ value: "", label: t("allCategories") }, ...categories]}
          />
        </Field>
        <Field id={`${ID}-min`} label={t("minPrice")}>
          <PriceInput id={`${ID}-min`} field="min_price" placeholder="0" testId="browse-min-price" />
        </Field>
        <Field id={`${ID}-max`} label={t("maxPrice")}>
          <PriceInput id={`${ID}-max`} field="max_price" placeholder={t("maxPricePlaceholder")} testId="browse-max-price" />
        </Field>
        <BrowsePriceHint>{t("priceRangeInverted")}</BrowsePriceHint>
        <Field id={`${ID}-location`} label={t("location")} className="col-span-2 md:col-span-1">
          <BrowseInput
            field="location"
            id={`${ID}-location`}
            maxLength={100}
            autoComplete="address-level2"
            placeholder={t("locationPlaceholder")}
            data-testid="browse-location"
          />
        </Field>
        <div className="col-span-2 grid grid-cols-[1fr_auto] gap-2">
          <Field id={`${ID}-near`} label={t("near")}>
            <BrowseInput
              field="near"
              id={`${ID}-near`}
              maxLength={100}
              autoComplete="postal-code"
              placeholder={t("nearPlaceholder")}
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
      </div>
      <BrowseNearError>{t("nearNotFound")}</BrowseNearError>

      <div className="flex flex-wrap items-end justify-between gap-3 border-t pt-4">
        <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
          <Field id={`${ID}-delivery`} label={t("delivery.label")} className="sm:w-48">
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
          <Field id={`${ID}-sort`} label={t("sort")} className="sm:w-60">
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
