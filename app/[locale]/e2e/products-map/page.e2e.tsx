import { getTranslations } from "next-intl/server";
import { PageMessages } from "@/components/i18n/page-messages";
import { ProductsMap } from "@/components/maps/products-map";
import type { MapProduct } from "@/components/maps/types";
import { db } from "@/lib/platform/db/client";
import { approximatePosition } from "@/lib/domains/geo";
import { googleSettings, harnessMetadata, type HarnessSearchParams } from "../fixtures";

export const dynamic = "force-dynamic";
export const metadata = harnessMetadata;

/** A listing without a pickup position: it must not get a marker. */
const WITHOUT_LOCATION: MapProduct = {
  id: "00000000-0000-4000-8000-000000000000",
  title: "Product zonder locatie",
  price: 12.5,
  condition: "good",
  image: null,
  lat: null,
  lng: null,
};

/** /e2e/products-map: the seeded products that are for sale, at their public positions. */
export default async function ProductsMapHarnessPage({ searchParams }: { searchParams: HarnessSearchParams }) {
  const google = await googleSettings(searchParams);
  const t = await getTranslations("maps.harness");
  const rows = await db.product.findMany({
    where: { status: { not: "sold" } },
    orderBy: { createdAt: "desc" },
    select: {
      id: true,
      title: true,
      priceCents: true,
      condition: true,
      location: { select: { lat: true, lng: true } },
      images: { orderBy: { position: "asc" }, take: 1, select: { url: true, thumbUrl: true } },
    },
  });
  const products: MapProduct[] = rows.map((row) => {
    // Before payment only the approximate position is public (docs/payments.md).
    const position = row.location ? approximatePosition(row.location.lat, row.location.lng) : null;
    const image = row.images[0];
    return {
      id: row.id,
      title: row.title,
      price: row.priceCents / 100,
      condition: row.condition,
      image: image ? (image.thumbUrl ?? image.url) : null,
      lat: position?.lat ?? null,
      lng: position?.lng ?? null,
    };
  });
  products.push(WITHOUT_LOCATION);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-bold tracking-tight">{t("productsTitle")}</h1>
      <PageMessages namespaces={["maps"]}>
        <ProductsMap products={products} {...google} />
      </PageMessages>
    </div>
  );
}
