"use client";

/**
 * The seven dashboard tabs (docs/accounts.md) and the DAC7 tax tab. The open tab lives in the URL
 * (`?tab=products`), so links and the back button can open one.
 */
import * as React from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import {
  ArrowRightIcon,
  HeartIcon,
  LandmarkIcon,
  MessageCircleIcon,
  PackageIcon,
  ReceiptIcon,
  SettingsIcon,
  ShoppingBagIcon,
  TagIcon,
  UserRoundIcon,
  type LucideIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DashboardMessages } from "@/components/messaging/messages-view";
import { WishlistPanel } from "@/components/wishlist/wishlist-panel";
import { Sales } from "./sales";

export const DASHBOARD_TABS = ["profile", "products", "sales", "orders", "favorites", "messages", "tax", "settings"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function isDashboardTab(value: unknown): value is DashboardTab {
  return typeof value === "string" && (DASHBOARD_TABS as readonly string[]).includes(value);
}

const ICONS: Record<DashboardTab, LucideIcon> = {
  profile: UserRoundIcon,
  products: PackageIcon,
  sales: TagIcon,
  orders: ShoppingBagIcon,
  favorites: HeartIcon,
  messages: MessageCircleIcon,
  tax: LandmarkIcon,
  settings: SettingsIcon,
};

type DashboardTabsProps = {
  /** The panels this page renders on the server. */
  profile: React.ReactNode;
  products: React.ReactNode;
  settings: React.ReactNode;
  /** The DAC7 tax profile and yearly statement (components/dashboard/tax-panel.tsx). */
  tax: React.ReactNode;
};

export function DashboardTabs({ profile, products, settings, tax }: DashboardTabsProps) {
  const t = useTranslations("dashboard");
  const tSales = useTranslations("sales");
  const tWishlist = useTranslations("wishlist");
  const searchParams = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: DashboardTab = isDashboardTab(requested) ? requested : "profile";
  const scroller = React.useRef<HTMLDivElement>(null);

  // On narrow screens the tab bar scrolls sideways: keep the open tab in view.
  React.useEffect(() => {
    const bar = scroller.current;
    const active = bar?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!bar || !active) return;
    // The bar is positioned, so offsetLeft is measured from its own edge.
    const left = active.offsetLeft;
    if (left < bar.scrollLeft || left + active.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = Math.max(0, left - 16);
    }
  }, [tab]);

  function select(next: string) {
    if (!isDashboardTab(next)) return;
    const params = new URLSearchParams(searchParams.toString());
    if (next === "profile") params.delete("tab");
    else params.set("tab", next);
    const query = params.toString();
    // Next keeps useSearchParams in step with the History API (no server round trip),
    // but only for a state of our own: passing Next's own history state skips that sync.
    window.history.replaceState(null, "", query ? `?${query}` : window.location.pathname);
  }

  return (
    <Tabs value={tab} onValueChange={select} className="gap-6" data-testid="dashboard-tabs">
      <div ref={scroller} className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <TabsList aria-label={t("tabsLabel")} className="h-auto min-w-full justify-start gap-1 p-1 sm:min-w-0">
          {DASHBOARD_TABS.map((value) => {
            const Icon = ICONS[value];
            return (
              <TabsTrigger key={value} value={value} data-testid={`dashboard-tab-${value}`} className="h-9 flex-none px-3">
                <Icon aria-hidden="true" />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
      </div>

      <TabsContent value="profile" data-testid="dashboard-panel-profile">
        <Panel title={t("profile.title")} description={t("profile.description")}>
          {profile}
        </Panel>
      </TabsContent>
      <TabsContent value="products" data-testid="dashboard-panel-products">
        <Panel title={t("products.title")} description={t("products.description")}>
          {products}
        </Panel>
      </TabsContent>
      <TabsContent value="sales" data-testid="dashboard-panel-sales">
        <Panel title={tSales("title")} description={tSales("description")}>
          <Sales />
        </Panel>
      </TabsContent>
      <TabsContent value="orders" data-testid="dashboard-panel-orders">
        <Panel title={t("orders.title")} description={t("orders.description")}>
          <div className="flex flex-col items-start gap-4 rounded-xl border bg-muted/40 p-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-3 text-sm text-muted-foreground">
              <ReceiptIcon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              {t("orders.text")}
            </p>
            <Button asChild data-testid="dashboard-orders-link">
              <Link href="/orders">
                {t("orders.link")}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </Panel>
      </TabsContent>
      <TabsContent value="favorites" data-testid="dashboard-panel-favorites">
        <Panel title={t("tabs.favorites")} description={tWishlist("subtitle")}>
          <WishlistPanel />
        </Panel>
      </TabsContent>
      <TabsContent value="messages" data-testid="dashboard-panel-messages">
        <DashboardMessages />
      </TabsContent>
      <TabsContent value="tax" data-testid="dashboard-panel-tax">
        <Panel title={t("tax.title")} description={t("tax.description")}>
          {tax}
        </Panel>
      </TabsContent>
      <TabsContent value="settings" data-testid="dashboard-panel-settings">
        {settings}
      </TabsContent>
    </Tabs>
  );
}

function Panel({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <header className="mb-6">
        <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </header>
      {children}
    </section>
  );
}
