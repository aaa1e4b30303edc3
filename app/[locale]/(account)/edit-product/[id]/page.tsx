import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { ArrowLeftIcon } from "lucide-react";
import { categoryOptions } from "../../category-options";
import { ListingForm, type EditableProduct } from "@/components/listing/listing-form";
import { deliveryOf, type ProductShipping } from "@/components/shipping/types";
import { Button } from "@/components/ui/button";
import { AppError } from "@/lib/platform/api/errors";
import { currentUser } from "@/lib/domains/accounts";
import { isProductCondition } from "@/lib/domains/catalog";
import type { ProductJson } from "@/lib/domains/catalog";
import { getProduct, viewerOf } from "@/lib/domains/catalog";
import { env } from "@/lib/platform/env";
import { resolveLocale } from "@/lib/platform/i18n/config";

type Params = Promise<{ id: string }>;

/** The product, if the signed-in user is its seller; anyone else finds no such page. */
async function ownProduct(id: string): Promise<ProductJson | null> {
  const user = await currentUser();
  if (!user) return null;
  try {
    const product = await getProduct(id, viewerOf(user));
    return product.seller_id === user.id ? product : null;
  } catch (error) {
    if (error instanceof AppError && error.kind === "not_found") return null;
    throw error;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const t = await getTranslations("listing");
  const product = await ownProduct((await params).id);
  return {
    title: product ? t("editTitleWith", { title: product.title }) : t("editTitle"),
    robots: { index: false },
  };
}

/** /edit-product/{id}: the listing form, filled in, for the product's seller only. */
export default async function EditProductPage({ params }: { params: Params }) {
  const { id } = await params;
  const product = await ownProduct(id);
  if (!product) notFound();
  const [t, locale] = await Promise.all([getTranslations("listing"), getLocale()]);

  const back = (
    <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
      <Link href="/dashboard?tab=products">
        <ArrowLeftIcon aria-hidden="true" />
        {t("backToDashboard")}
      </Link>
    </Button>
  );

  if (product.is_sold) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
        {back}
        <h1 className="text-3xl font-bold tracking-tight">{t("editTitle")}</h1>
        <p className="mt-4 rounded-xl border bg-card p-6 text-muted-foreground" data-testid="edit-product-sold">
          {t("editSold", { title: product.title })}
        </p>
      </div>
    );
  }

  const categories = await categoryOptions(resolveLocale(locale));
  const pickup = product.pickup_location;
  const shipping: ProductShipping = product as ProductJson & ProductShipping;
  const offered = deliveryOf(shipping);
  const editable: EditableProduct = {
    id: product.id,
    title: product.title,
    description: product.description,
    price: product.price,
    minOffer: product.min_offer ?? null,
    category: product.category,
    condition: isProductCondition(product.condition) ? product.condition : "good",
    images: product.images.map((url, index) => ({ url, preview: product.thumbnails[index] ?? url })),
    location:
      product.location_id && pickup
        ? {
            id: product.location_id,
            address: product.pickup_address ?? pickup.address,
            lat: pickup.coordinates.lat,
            lng: pickup.coordinates.lng,
          }
        : null,
    delivery: { ...offered, size: shipping.parcel_size ?? null },
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      {back}
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{t("editTitle")}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t("editIntro")}</p>
      </header>
      <ListingForm
        categories={categories}
        product={editable}
        draftKey={`${product.seller_id}:edit:${product.id}`}
        googleMapsKey={env().GOOGLE_MAPS_BROWSER_KEY}
        googleMapId={env().GOOGLE_MAPS_MAP_ID}
      />
    </div>
  );
}
