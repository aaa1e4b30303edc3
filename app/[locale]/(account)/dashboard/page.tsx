import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DashboardTabs } from "@/components/dashboard/dashboard-tabs";
import { LogoutButton } from "@/components/dashboard/logout-button";
import { DASHBOARD_PAGE_SIZE, toDashboardProduct } from "@/components/dashboard/dashboard-product";
import { MyProducts } from "@/components/dashboard/my-products";
import { ProfileForm } from "@/components/dashboard/profile-form";
import { SettingsPanel } from "@/components/dashboard/settings-panel";
import { TaxPanel } from "@/components/dashboard/tax-panel";
import { taxDashboard } from "@/lib/domains/tax";
import { settingsOf } from "@/lib/domains/accounts";
import { serializeUser } from "@/lib/domains/accounts";
import { currentUser } from "@/lib/domains/accounts";
import { listSellerProducts } from "@/lib/domains/catalog";
import { productsWithOpenOrders } from "@/lib/domains/orders";
import { viewerOf } from "@/lib/domains/catalog";
import { appFormatter } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title"), description: t("metaDescription"), robots: { index: false } };
}

/** /dashboard: the account's tabs; `?tab=` opens one. */
export default async function DashboardPage({ searchParams }: { searchParams: Promise<{ year?: string | string[] }> }) {
  const user = await currentUser();
  if (!user) redirect("/");
  const requested = Number((await searchParams).year);
  const [t, locale, own, tax] = await Promise.all([
    getTranslations("dashboard"),
    getLocale(),
    listSellerProducts(user.id, { limit: DASHBOARD_PAGE_SIZE, skip: 0 }, viewerOf(user), { includeSold: true }),
    // ?tab=tax&year=: the DAC7 statement of that year (one with sales; else the latest).
    taxDashboard(user, Number.isInteger(requested) ? requested : undefined),
  ]);
  const profile = serializeUser(user);
  const open = await productsWithOpenOrders(own.products.map((p) => p.id));

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("heading")}</h1>
          <p className="mt-2 text-muted-foreground">
            {t("greeting", { name: user.name })}{" "}
            <span className="whitespace-nowrap">
              {t("memberSince", { date: appFormatter(resolveLocale(locale)).dateTime(new Date(user.createdAt), { dateStyle: "long" }) })}
            </span>
          </p>
        </div>
        <LogoutButton />
      </header>
      <DashboardTabs
        profile={<ProfileForm profile={profile} />}
        products={
          <MyProducts
            initialProducts={own.products.map((p) => toDashboardProduct({ ...p, has_open_order: open.has(p.id) }))}
            total={own.total}
          />
        }
        settings={<SettingsPanel initial={settingsOf(user)} email={user.email} />}
        tax={<TaxPanel data={tax} />}
      />
    </div>
  );
}
