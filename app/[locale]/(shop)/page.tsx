import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import {
  ArrowRightIcon,
  HandshakeIcon,
  LeafIcon,
  SearchIcon,
  ShieldCheckIcon,
  SmartphoneIcon,
  WalletIcon,
} from "lucide-react";
import { toCardProduct } from "@/components/catalog/card-product";
import { CategoryIcon, categoryHref } from "@/components/catalog/category-icon";
import { FeaturedSellers } from "@/components/catalog/featured-sellers";
import { PageMessages } from "@/components/i18n/page-messages";
import { ProductGrid } from "@/components/catalog/product-grid";
import { AppStoreLinks } from "@/components/layout/app-store-links";
import { LogoMark } from "@/components/layout/logo";
import { HeroArt } from "./hero-art";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { browseQuery, publicCategories, publicFeaturedSellers, publicSearch } from "@/lib/domains/catalog";
import { pageMetadata } from "@/lib/platform/site";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

// The statistics are fixed text, not fetched.
const STATS = ["users", "items", "co2"] as const;
const STEPS = [
  { key: "find", icon: SearchIcon },
  { key: "pay", icon: ShieldCheckIcon },
  { key: "pickup", icon: HandshakeIcon },
] as const;

/** The home page shows up to 6 featured products, 10 categories and 8 latest. */
const FEATURED_COUNT = 6;
const CATEGORY_COUNT = 10;
const LATEST_COUNT = 8;


export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const [t, locale] = await Promise.all([getTranslations("metadata"), getLocale()]);
  return {
    ...pageMetadata({ title: t("title"), description: t("description"), path: "/", locale }),
    // The layout's template would append " · Kringwaar" to a title that already names it.
    title: { absolute: t("title") },
  };
}

// The home page's order (docs/catalog.md): hero, statistics, featured products, categories, latest
// products, how it works, call to action, top sellers, app card. The catalog is read
// as a visitor sees it (no session needed): the home page is the same for everyone.
export default async function HomePage({ params }: { params: LocaleParams }) {
  const locale = await pageLocale(params);
  const [t, featured, latest, categories, topSellers] = await Promise.all([
    getTranslations("home"),
    publicSearch(browseQuery({ featuredOnly: true, sort: "newest", limit: FEATURED_COUNT })),
    publicSearch(browseQuery({ sort: "newest", limit: LATEST_COUNT })),
    publicCategories(),
    publicFeaturedSellers(),
  ]);
  return (
    <>
      <HomeHero t={t} />
      <HomeStats t={t} />
      <HomeFeatured t={t} products={featured.products} />
      <HomeCategories t={t} categories={categories} locale={locale} />
      <HomeLatest t={t} products={latest.products} />
      <HomeSteps t={t} />
      <HomeCta t={t} />
      <HomeTopSellers t={t} sellers={topSellers} locale={locale} />
      <HomeApp t={t} />
    </>
  );
}

type HomeT = Awaited<ReturnType<typeof getTranslations<"home">>>;
type ProductJson = Awaited<ReturnType<typeof publicSearch>>["products"][number];
type CategoryJson = Awaited<ReturnType<typeof publicCategories>>[number];
type FeaturedSellerJson = Awaited<ReturnType<typeof publicFeaturedSellers>>[number];
type Locale = Awaited<ReturnType<typeof pageLocale>>;

/** The hero: what Kringwaar is, browse or sell, and the buyer protection. */
function HomeHero({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="home-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,var(--color-secondary),transparent_60%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-24">
        <div>
          <Badge variant="secondary" className="gap-1.5 px-3 py-1 text-sm">
            <LeafIcon aria-hidden="true" />
            {t("hero.eyebrow")}
          </Badge>
          <h1
            id="home-title"
            className="mt-5 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg">
              <Link href="/browse">
                <SearchIcon aria-hidden="true" />
                {t("hero.browse")}
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/sell">{t("hero.sell")}</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:gap-6">
            <li className="flex items-center gap-2">
              <ShieldCheckIcon aria-hidden="true" className="size-4 text-primary" />
              {t("hero.trustEscrow")}
            </li>
            <li className="flex items-center gap-2">
              <WalletIcon aria-hidden="true" className="size-4 text-primary" />
              {t("hero.trustRefund")}
            </li>
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

/** The statistics band. */
function HomeStats({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="home-stats-title" className="border-y bg-card">
      <h2 id="home-stats-title" className="sr-only">
        {t("stats.title")}
      </h2>
      <dl className="mx-auto grid max-w-7xl grid-cols-1 divide-y px-4 sm:grid-cols-3 sm:divide-x sm:divide-y-0 sm:px-6 lg:px-8">
        {STATS.map((key) => (
          <div key={key} className="flex flex-col items-center gap-1 py-8 text-center">
            <dt className="order-2 text-sm text-muted-foreground">{t(`stats.${key}.label`)}</dt>
            <dd className="order-1 text-3xl font-bold tracking-tight text-primary sm:text-4xl">
              {t(`stats.${key}.value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The featured products, when there are some. */
function HomeFeatured({ t, products }: { t: HomeT; products: ProductJson[] }) {
  if (products.length === 0) return null;
  return (
    <section
      aria-labelledby="home-featured-title"
      className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
      data-testid="home-featured"
    >
      <SectionHeading
        id="home-featured-title"
        title={t("featured.title")}
        text={t("featured.subtitle")}
        link={{ href: "/browse", label: t("featured.viewAll") }}
      />
      <ProductGrid products={products.map(toCardProduct)} className="md:grid-cols-3 lg:grid-cols-3" />
    </section>
  );
}

/** The first categories as tiles. */
function HomeCategories({ t, categories, locale }: { t: HomeT; categories: CategoryJson[]; locale: Locale }) {
  return (
    <section
      aria-labelledby="home-categories-title"
      className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
      data-testid="home-categories"
    >
      <SectionHeading
        id="home-categories-title"
        title={t("categories.title")}
        link={{ href: "/categories", label: t("categories.viewAll") }}
      />
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {categories.slice(0, CATEGORY_COUNT).map((category) => (
          <li key={category.slug}>
            <Link
              href={categoryHref(category.name)}
              // One of many tiles: fetched on the tap, not as it scrolls into view
              // (docs/performance.md, "Links and prefetching").
              prefetch={false}
              data-testid="home-category-link"
              data-category={category.name}
              className="group flex h-full items-center gap-3 rounded-xl border bg-card p-3 shadow-sm transition-shadow outline-none hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:p-4"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <CategoryIcon slug={category.slug} className="size-5" />
              </span>
              <span className="min-w-0 text-sm font-medium group-hover:underline group-hover:underline-offset-2">
                {locale === "en" ? category.name_en : category.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The latest products. */
function HomeLatest({ t, products }: { t: HomeT; products: ProductJson[] }) {
  return (
    <section
      aria-labelledby="home-latest-title"
      className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 lg:px-8"
      data-testid="home-latest"
    >
      <SectionHeading
        id="home-latest-title"
        title={t("latest.title")}
        text={t("latest.subtitle")}
        link={{ href: "/browse?sort=newest", label: t("latest.viewAll") }}
      />
      {products.length > 0 ? (
        <ProductGrid products={products.map(toCardProduct)} />
      ) : (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">{t("latest.empty")}</p>
      )}
    </section>
  );
}

/** How it works, in three steps. */
function HomeSteps({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="home-steps-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="home-steps-title" className="text-3xl font-bold tracking-tight">
          {t("steps.title")}
        </h2>
        <p className="mt-3 text-muted-foreground">{t("steps.subtitle")}</p>
      </div>
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {STEPS.map(({ key, icon: Icon }, index) => (
          <li key={key} className="relative rounded-2xl border bg-card p-6 shadow-sm">
            <span className="flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-5 text-sm font-semibold text-primary">{t("steps.step", { number: index + 1 })}</p>
            <h3 className="mt-1 text-lg font-semibold">{t(`steps.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-muted-foreground">{t(`steps.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The call to action: sell or browse. */
function HomeCta({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="home-cta-title" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-3xl bg-primary px-6 py-14 text-primary-foreground sm:px-12">
        <LogoMark
          aria-hidden="true"
          className="pointer-events-none absolute -right-10 -bottom-10 size-56 opacity-15 [&_rect]:fill-transparent"
        />
        <div className="relative max-w-2xl">
          <h2 id="home-cta-title" className="text-3xl font-bold tracking-tight text-balance">
            {t("cta.title")}
          </h2>
          <p className="mt-3 text-primary-foreground/90">{t("cta.text")}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" variant="secondary">
              <Link href="/sell">
                {t("cta.sell")}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground"
            >
              <Link href="/browse">{t("cta.browse")}</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The top sellers; no empty block, the section shows once there are some. */
function HomeTopSellers({ t, sellers, locale }: { t: HomeT; sellers: FeaturedSellerJson[]; locale: Locale }) {
  if (sellers.length === 0) return null;
  return (
    <section
      aria-labelledby="home-top-sellers-title"
      className="mx-auto max-w-7xl px-4 pt-20 sm:px-6 lg:px-8"
      data-testid="home-top-sellers"
    >
      <SectionHeading id="home-top-sellers-title" title={t("topSellers.title")} text={t("topSellers.subtitle")} />
      <PageMessages locale={locale} namespaces={["home"]}>
        <FeaturedSellers
          sellers={sellers.map((seller) => ({
            id: seller.id,
            name: seller.name,
            rating: seller.rating_average,
            ratingCount: seller.rating_count,
            isTopSeller: true,
            memberSince: seller.created_at,
          }))}
        />
      </PageMessages>
    </section>
  );
}

/** The app card with the store links. */
function HomeApp({ t }: { t: HomeT }) {
  return (
    <section aria-labelledby="home-app-title" className="mx-auto max-w-7xl px-4 pt-20 sm:px-6 lg:px-8">
      <div className="grid items-center gap-8 rounded-3xl border bg-card p-8 shadow-sm sm:p-12 md:grid-cols-[auto_1fr]">
        <span className="flex size-20 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <SmartphoneIcon aria-hidden="true" className="size-10" />
        </span>
        <div>
          <h2 id="home-app-title" className="text-2xl font-bold tracking-tight">
            {t("app.title")}
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">{t("app.text")}</p>
          <AppStoreLinks className="mt-6" />
        </div>
      </div>
    </section>
  );
}

function SectionHeading({
  id,
  title,
  text,
  link,
}: {
  id: string;
  title: string;
  text?: string;
  link?: { href: string; label: string };
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {text ? <p className="mt-1 text-muted-foreground">{text}</p> : null}
      </div>
      {link ? (
        <Link
          href={link.href}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {link.label}
          <ArrowRightIcon aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}
