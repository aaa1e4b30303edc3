"use client";

/**
 * The browse filter form's controls (BrowseFilters places them, on the server) and the
 * buttons of the server-rendered parts: small client components that read and change
 * BrowseControls' state through its context (browse-context.ts).
 */
import * as React from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import {
  EMPTY_BROWSE_STATE,
  hasActiveFilters,
  priceRangeInverted,
  radiusOf,
  type BrowseState,
  type BrowseView as ViewName,
} from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";
import { useBrowse, type ActionKind } from "./browse-context";

/** The id of the "place not found" message, which the near field points to. */
export const NEAR_ERROR_ID = "browse-filter-near-error";

/** A button of a server-rendered part (BrowseParts). */
export function BrowseAction({ kind, testId, children }: { kind: ActionKind; testId?: string; children: React.ReactNode }) {
  const { actions } = useBrowse();
  return (
    <Button variant="outline" onClick={actions[kind]} data-testid={testId}>
      {children}
    </Button>
  );
}

/** The form: submitting (Enter) applies the filters at once. */
export function BrowseForm({ label, children }: { label: string; children: React.ReactNode }) {
  const { form, applyNow } = useBrowse();
  return (
    <form
      role="search"
      aria-label={label}
      className="mt-4 space-y-3 rounded-2xl border bg-card p-3 shadow-sm sm:mt-6 sm:space-y-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        applyNow(form);
      }}
    >
      {children}
    </form>
  );
}

type TextField = "search" | "min_price" | "max_price";

/** A text field of the form; `price` keeps only digits, commas and dots. */
export function BrowseInput({ field, price, ...props }: React.ComponentProps<"input"> & { field: TextField; price?: boolean }) {
  const { form, update } = useBrowse();
  return (
    <Input
      {...props}
      value={form[field]}
      onChange={(event) => update(field, price ? event.target.value.replace(/[^\d.,]/g, "") : event.target.value)}
    />
  );
}

/**
 * The one place field: a place or postcode, searched within the radius
 * (`near`). An old link's exact `location` shows here too; typing replaces it by `near`.
 */
export function BrowsePlaceInput(props: React.ComponentProps<"input">) {
  const { form, patch, nearNotFound } = useBrowse();
  return (
    <Input
      {...props}
      value={form.near || form.location}
      aria-invalid={nearNotFound || undefined}
      aria-describedby={nearNotFound ? NEAR_ERROR_ID : undefined}
      onChange={(event) => patch({ near: event.target.value, location: "" })}
    />
  );
}

type SelectField = "category" | "radius_km" | "sort" | "delivery" | "condition";

/**
 * A select of the form. The category shows the option matching the URL's in any case; the
 * radius and sorting by distance need a near place.
 */
export function BrowseSelect({
  field,
  options,
  ...props
}: React.ComponentProps<"select"> & { field: SelectField; options: { value: string; label: string }[] }) {
  const { form, update } = useBrowse();
  const nearMissing = !form.near.trim();
  const value =
    field === "category"
      ? (options.find((option) => option.value.toLowerCase() === form.category.trim().toLowerCase())?.value ?? "")
      : field === "radius_km"
        ? String(radiusOf(form))
        : field === "delivery" || field === "condition"
          ? form[field]
          : form.sort === "distance" && nearMissing
          ? ""
          : form.sort;
  return (
    <NativeSelect
      {...props}
      value={value}
      disabled={field === "radius_km" && nearMissing}
      onChange={(event) => update(field, event.target.value as BrowseState[SelectField])}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value} disabled={field === "sort" && option.value === "distance" && nearMissing}>
          {option.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Shown while the minimum price is above the maximum (the search then leaves both out). */
export function BrowsePriceHint({ children }: { children: React.ReactNode }) {
  const { form, locale } = useBrowse();
  return priceRangeInverted(form, locale) ? (
    <p role="status" data-testid="browse-price-hint" className="col-span-2 -mt-2 text-sm text-destructive lg:col-span-4 xl:col-span-6">
      {children}
    </p>
  ) : null;
}

/** "Place not found" under the near field. */
export function BrowseNearError({ children }: { children: React.ReactNode }) {
  return useBrowse().nearNotFound ? (
    <p id={NEAR_ERROR_ID} className="text-sm text-destructive" data-testid="browse-near-error">
      {children}
    </p>
  ) : null;
}

/** "Clear filters", while any filter is set. */
export function BrowseClear({ children }: { children: React.ReactNode }) {
  const { form, applyNow } = useBrowse();
  return hasActiveFilters(form) ? (
    <Button variant="ghost" onClick={() => applyNow({ ...EMPTY_BROWSE_STATE, view: form.view })} data-testid="browse-clear">
      {children}
    </Button>
  ) : null;
}

/** List or map. */
export function BrowseViewToggle({ label, options }: { label: string; options: { value: ViewName; label: string; icon: React.ReactNode }[] }) {
  const { form, setView } = useBrowse();
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-lg border bg-muted p-1" data-testid="browse-view-toggle">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={form.view === option.value}
          onClick={() => setView(option.value)}
          data-testid={`browse-view-${option.value}`}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40",
            form.view === option.value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}
