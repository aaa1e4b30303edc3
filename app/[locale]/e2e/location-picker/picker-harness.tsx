"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { LocationPicker } from "@/components/maps/location-picker";
import type { SelectedLocation } from "@/components/maps/types";

export function PickerHarness({ googleMapsKey, googleMapId }: { googleMapsKey?: string; googleMapId?: string }) {
  const t = useTranslations("maps.harness");
  const [location, setLocation] = React.useState<SelectedLocation | null>(null);
  return (
    <div className="space-y-6">
      <LocationPicker value={location} onChange={setLocation} googleMapsKey={googleMapsKey} googleMapId={googleMapId} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border p-3 text-sm">
        <dt className="font-medium">{t("selectedId")}</dt>
        <dd data-testid="harness-location-id" className="font-mono break-all">
          {location?.id ?? t("none")}
        </dd>
        <dt className="font-medium">{t("selectedAddress")}</dt>
        <dd data-testid="harness-location-address">{location?.address ?? t("none")}</dd>
      </dl>
    </div>
  );
}
