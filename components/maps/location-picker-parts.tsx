"use client";

/** The location picker's read-only parts: the selected address and the tips. */
import { useTranslations } from "next-intl";
import { LightbulbIcon, MapPinIcon } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import type { SelectedLocation } from "./types";

/** The selected address, and "looking up the address" while a dropped marker resolves. */
export function SelectedAddress({ value, resolving }: { value: SelectedLocation | null; resolving: boolean }) {
  const t = useTranslations("maps.picker");
  return (
    <div data-testid="location-picker-selected" className="flex items-start gap-3 rounded-lg border bg-card p-3" aria-live="polite">
      <MapPinIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t("selectedLabel")}</p>
        {value ? (
          <p data-testid="location-picker-address" className="font-medium break-words">
            {value.address}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t("noneSelected")}</p>
        )}
        {resolving ? (
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground" data-testid="location-picker-resolving">
            <Spinner />
            {t("resolving")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function PickerTips() {
  const t = useTranslations("maps.picker");
  return (
    <div className="rounded-lg bg-secondary/60 p-3 text-sm text-secondary-foreground">
      <p className="flex items-center gap-2 font-medium">
        <LightbulbIcon aria-hidden="true" className="size-4" />
        {t("tipsTitle")}
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-6">
        <li>{t("tips.search")}</li>
        <li>{t("tips.drag")}</li>
        <li>{t("tips.privacy")}</li>
      </ul>
    </div>
  );
}
