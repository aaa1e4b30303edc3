import type { Metadata } from "next";
import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { CalendarIcon, MapPinIcon, ShieldCheckIcon, TagIcon, TruckIcon } from "lucide-react";
import { TraderDetails } from "@/components/accounts/trader-details";
import { BackButton } from "@/components/catalog/back-button";
import { toCardProduct } from "@/components/catalog/card-product";
import { JsonLd } from "@/components/catalog/json-ld";
import { ProductActions, ProductReportButton } from "@/components/catalog/product-actions";
import { ProductGallery } from "@/components/catalog/product-gallery";
import { ProductGrid } from "@/components/catalog/product-grid";
import { ProductStickyBar } from "@/components/catalog/product-sticky-bar";
import { PickupNote } from "@/components/catalog/viewer-deal";
import { SellerCard } from "@/components/catalog/seller-card";
import { ItemLocationMap } from "@/components/maps/item-location-map";
import { deliveryOf, type ProductShipping } from "@/components/shipping/types";
import { ProductReviewsSection } from "./product-reviews-section";
import { WasPrice } from "@/components/wishlist/was-price";
import { Badge } from "@/components/ui/badge";
import { CONDITION_CLASS_COLORS, conditionClass } from "@/lib/domains/catalog";
import type { ProductJson } from "@/lib/domains/catalog";
import { publicMoreFromSeller, publicSellerProfile } from "@/lib/domains/catalog";
import { appFormatter, money, relative } from "@/lib/platform/i18n/formats";
import { pageLocale } from "@/lib/platform/i18n/page-locale";
import { absoluteUrl, mapSettings, metaDescription, pageMetadata } from "@/lib/platform/site";
import { loadProduct } from "./data";

type Params = Promise<{ locale: string; id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await pageLocale(params);
  const formatter = await getFormatter({ locale });
  const { id } = await params;
  const product = await loadProduct(id);
  const price = formatter.number(product.price, "euro");
  return pageMetadata({
    title: product.title,
    description: metaDescription(`${price} · ${product.description}`),
    path: `/product/${product.id}`,
    locale,
    images: product.images[0] ? [{ url: product.images[0], alt: product.title }] : undefined,
  });
}

/**
 * Open Graph product tags (price, availability, condition). They need `property=`, which
 * the Metadata API's `other` does not write (it writes `name=`); React 19 hoists these
 * <meta> elements into the document head.
 */
function ProductOpenGraph({ product }: { product: ProductJson }) {
  return (
    <>
      <meta property="product:price:amount" content={product.price.toFixed(2)} />
      <meta property="product:price:currency" content="EUR" />
      <meta property="product:availability" content={product.is_sold ? "out of stock" : "in stock"} />
      <meta property="product:condition" content={product.condition === "new" ? "new" : "used"} />
    </>
  );
}

/** "Zojuist" → "zojuist": the relative time continues a sentence ("Geplaatst zojuist"). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLocaleLowerCase() + text.slice(1);
}

/** schema.org Product with its offer, for rich results. */
function productJsonLd(product: ProductJson): Record<string, unknown> {
  const url = absoluteUrl(`/product/${product.id}`);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: product.title,
    description: product.description,
    sku: product.id,
    category: product.category,
    ...(product.images.length ? { image: product.images.map((image) => absoluteUrl(image)) } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: product.price.toFixed(2),
      priceCurrency: "EUR",
      availability: product.is_sold ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      itemCondition: product.condition === "new" ? "https://schema.org/NewCondition" : "https://schema.org/UsedCondition",
      seller: { "@type": product.seller_is_business ? "Organization" : "Person", name: product.seller_name },
    },
  };
}

export default async function ProductPage({ params }: { params: Params }) {
  const locale = await pageLocale(params);
  const formatter = await getFormatter({ locale });
  const { id } = await params;
  const product = await loadProduct(id);
  const [t, more, seller] = await Promise.all([
    getTranslations("product"),
    publicMoreFromSeller(product.seller_id, product.id),
    publicSellerProfile(product.seller_id).catch(() => null),
  ]);
  const categoryLabel = locale === "en" ? product.category_en : product.category;
  const pickup = product.pickup_location;
  const shipping: ProductShipping = product as ProductJson & ProductShipping;
  const offered = deliveryOf(shipping);
  const mapText = await getTranslations("maps.item");

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8" data-testid="product-page" data-product-id={product.id}>
      <BackButton />

      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-10">
        <div className="min-w-0 lg:col-start-1">
          <ProductGallery images={product.images} thumbnails={product.thumbnails} title={product.title} />
        </div>

        <aside className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <div className="space-y-5 rounded-2xl border bg-card p-6 shadow-sm">
            <Badge asChild variant="secondary" className="hover:bg-secondary/80">
              <Link href={`/browse?category=${encodeURIComponent(product.category)}`} data-testid="product-category">
                <TagIcon aria-hidden="true" />
                {categoryLabel}
              </Link>
            </Badge>
            <div>
              <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl" data-testid="product-title">
                {product.title}
              </h1>
              {/* The item's price and, as prominently, what the buyer pays with the fee. */}
              <div className="mt-3 flex flex-wrap items-baseline gap-x-4 gap-y-1">
                <p className="text-3xl font-bold tracking-tight text-primary" data-testid="product-price">
                  {formatter.number(product.price, "euro")}
                </p>
                <p className="flex flex-wrap items-baseline gap-x-2" data-testid="product-all-in">
                  <span className="text-3xl font-bold tracking-tight">{money(formatter, product.buyer_total_cents)}</span>
                  <span className="text-sm font-medium text-muted-foreground">{t("allIn")}</span>
                </p>
              </div>
              <WasPrice price={product.previous_price} />
            </div>
            <ProductFacts product={product} locale={locale} />
            <div className="space-y-3">
              {/* The page is the same for everyone: the seller's own buttons go in the browser. */}
              <ProductActions
                productId={product.id}
                title={product.title}
                price={product.price}
                status={product.status}
                sellerId={product.seller_id}
                sellerName={product.seller_name}
                delivery={offered.shipping ? { pickup: offered.pickup, parcelSize: shipping.parcel_size ?? null, place: pickup?.address ?? null } : undefined}
              />
            </div>
            <p className="flex items-start gap-2 text-xs text-muted-foreground">
              <ShieldCheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {t("escrowNote")}
            </p>
          </div>

          <SellerCard
            title={t("aboutSeller")}
            seller={{
              id: product.seller_id,
              name: product.seller_name,
              rating: product.seller_rating,
              ratingCount: product.seller_rating_count,
              isBusiness: product.seller_is_business,
              businessName: seller?.business_name ?? null,
              isTopSeller: product.is_featured_seller,
              // The figures below say it with the month.
              memberSince: null,
            }}
            figures={
              seller
                ? { memberSince: seller.created_at, salesCount: seller.sales_count, responseTime: seller.response_time, lastActiveAt: seller.last_active_at }
                : null
            }
            showProfileLink={seller !== null}
          />
          <TraderDetails trader={seller?.trader ?? null} business={product.seller_is_business} />
          <ProductReportButton productId={product.id} sellerId={product.seller_id} />
        </aside>

        <div className="min-w-0 space-y-8 lg:col-start-1">
          <ProductAbout product={product} approximateNote={mapText("approximateNote")} />

          <ProductReviewsSection productId={product.id} sellerId={product.seller_id} />
        </div>
      </div>

      <MoreFromSeller product={product} products={more.products} sellerShown={seller !== null} />

      {/* Phones: price, Nu kopen and Doe een bod stay at hand while scrolling. */}
      <ProductStickyBar
        productId={product.id}
        title={product.title}
        price={product.price}
        priceText={formatter.number(product.price, "euro")}
        totalText={money(formatter, product.buyer_total_cents)}
        totalLabel={t("allIn")}
        status={product.status}
        sellerId={product.seller_id}
        delivery={offered.shipping ? { pickup: offered.pickup, parcelSize: shipping.parcel_size ?? null, place: pickup?.address ?? null } : undefined}
      />
      <ProductOpenGraph product={product} />
      <JsonLd data={productJsonLd(product)} />
    </div>
  );
}

type ProductPageJson = Awaited<ReturnType<typeof loadProduct>>;
type PageLocale = Awaited<ReturnType<typeof pageLocale>>;

/** Condition, place, shipping price and when it was listed. */
async function ProductFacts({ product, locale }: { product: ProductPageJson; locale: PageLocale }) {
  const t = await getTranslations("product");
  const shippingText = await getTranslations("shipping");
  const formatter = await getFormatter({ locale });
  const cls = conditionClass(product.condition);
  const pickup = product.pickup_location;
  const shipping: ProductShipping = product as ProductJson & ProductShipping;
  const offered = deliveryOf(shipping);
  const shippingPrice = offered.shipping ? (shipping.shipping_price ?? shipping.shipping_prices?.NL ?? null) : null;
  return (
    <dl className="grid gap-2.5 text-sm">
      <div className="flex items-center gap-2">
        <dt className="text-muted-foreground">{t("condition")}:</dt>
        <dd className="flex items-center gap-1.5 font-medium" data-testid="product-condition" data-condition={product.condition}>
          <span aria-hidden="true" className="size-2.5 rounded-full" style={{ backgroundColor: CONDITION_CLASS_COLORS[cls] }} />
          {t(`conditions.${product.condition}`)}
        </dd>
      </div>
      {pickup ? (
        <div className="flex items-center gap-2">
          <dt>
            <MapPinIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">{t("place")}</span>
          </dt>
          <dd data-testid="product-place">
            {offered.pickup && offered.shipping ? shippingText("pickupIn", { place: pickup.address }) : pickup.address}
          </dd>
        </div>
      ) : null}
      {shippingPrice !== null ? (
        <div className="flex items-center gap-2">
          <dt>
            <TruckIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            <span className="sr-only">{shippingText("checkout.shipping")}</span>
          </dt>
          <dd data-testid="product-shipping" data-size={shipping.parcel_size ?? undefined}>
            {shippingText("shippingPrice", { price: formatter.number(shippingPrice, "euro") })}
            {shipping.parcel_size ? <span className="text-muted-foreground"> · {shippingText(`sizes.${shipping.parcel_size}`)}</span> : null}
          </dd>
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <dt>
          <CalendarIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          <span className="sr-only">{t("listed")}</span>
        </dt>
        <dd>
          <time dateTime={product.created_at}>
            {t("listedAgo", { when: lowerFirst(relative(appFormatter(locale), locale, product.created_at)) })}
          </time>
        </dd>
      </div>
    </dl>
  );
}

/** The description and, for a pickup, the map of where. */
async function ProductAbout({ product, approximateNote }: { product: ProductPageJson; approximateNote: string }) {
  const t = await getTranslations("product");
  const pickup = product.pickup_location;
  return (
    <>
      <section aria-labelledby="product-description-title">
        <h2 id="product-description-title" className="text-xl font-semibold tracking-tight">
          {t("description")}
        </h2>
        <p className="mt-3 leading-relaxed whitespace-pre-line text-foreground/90" data-testid="product-description">
          {product.description}
        </p>
      </section>

      {product.location_id && pickup ? (
        <section aria-labelledby="product-location-title">
          <h2 id="product-location-title" className="mb-3 text-xl font-semibold tracking-tight">
            {t("location")}
          </h2>
          <ItemLocationMap
            lat={pickup.coordinates.lat}
            lng={pickup.coordinates.lng}
            exact={!pickup.approximate}
            label={pickup.address}
            height={320}
            approximateNote={<PickupNote productId={product.id} approximate={approximateNote} />}
            {...mapSettings()}
          />
        </section>
      ) : null}
    </>
  );
}

/** More of this seller's products, when there are some. */
async function MoreFromSeller({ product, products, sellerShown }: { product: ProductPageJson; products: ProductJson[]; sellerShown: boolean }) {
  if (products.length === 0) return null;
  const t = await getTranslations("product");
  return (
    <section aria-labelledby="more-from-seller-title" className="mt-14" data-testid="more-from-seller">
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="more-from-seller-title" className="text-xl font-semibold tracking-tight">
          {t("moreFromSeller", { name: product.seller_name })}
        </h2>
        {sellerShown ? (
          <Link href={`/seller/${product.seller_id}`} className="text-sm font-medium text-primary hover:underline">
            {t("allFromSeller")}
          </Link>
        ) : null}
      </div>
      <ProductGrid products={products.map(toCardProduct)} />
    </section>
  );
}
