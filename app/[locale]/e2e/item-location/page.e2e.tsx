import { getTranslations } from "next-intl/server";
import { PageMessages } from "@/components/i18n/page-messages";
import { ItemLocationMap } from "@/components/maps/item-location-map";
import { approximatePosition } from "@/lib/domains/geo";
import { googleSettings, harnessMetadata, type HarnessSearchParams } from "../fixtures";

export const dynamic = "force-dynamic";
export const metadata = harnessMetadata;

/** A seeded pickup spot: Neude 11, Utrecht. */
const PICKUP = { lat: 52.0931, lng: 5.1187, place: "Utrecht", address: "Neude 11, 3512 AE Utrecht" };

/**
 * /e2e/item-location: the product page's map before purchase (approximate area), or with
 * `?exact=1` as the buyer of a paid order sees it.
 */
export default async function ItemLocationHarnessPage({ searchParams }: { searchParams: HarnessSearchParams }) {
  const google = await googleSettings(searchParams);
  const exact = (await searchParams).exact === "1";
  const t = await getTranslations("maps.harness");
  // As the product page will do: only the buyer's page receives the exact position.
  const position = exact ? PICKUP : approximatePosition(PICKUP.lat, PICKUP.lng);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{t("itemTitle")}</h1>
      <PageMessages namespaces={["maps"]}>
        <ItemLocationMap
          lat={position.lat}
          lng={position.lng}
          exact={exact}
          label={exact ? PICKUP.address : PICKUP.place}
          {...google}
        />
      </PageMessages>
    </div>
  );
}
