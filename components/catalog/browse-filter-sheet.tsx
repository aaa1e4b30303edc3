"use client";

/**
 * The phone's filter sheet, loaded when "Filters (n)" is first
 * tapped: the filter fields (rendered on the server, BrowseFilterFields) in a bottom
 * sheet. A change applies after the usual pause, so the results behind follow along;
 * "Toon resultaten" (or Enter) applies at once and closes the sheet.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { useBrowse } from "./browse-context";

export function BrowseFilterSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("browse");
  const { form, applyNow, sheetFields } = useBrowse();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" closeLabel={t("closeFilters")} data-testid="browse-filter-sheet">
        <SheetHeader>
          <SheetTitle>{t("filtersTitle")}</SheetTitle>
          <SheetDescription className="sr-only">{t("filtersLabel")}</SheetDescription>
        </SheetHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            applyNow(form);
            onOpenChange(false);
          }}
        >
          {sheetFields}
          <SheetFooter>
            <Button type="submit" size="lg" data-testid="browse-filter-apply">
              {t("showResults")}
            </Button>
          </SheetFooter>
        </form>
      </SheetContent>
    </Sheet>
  );
}
