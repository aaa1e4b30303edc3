import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PackageIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orders");
  return { title: t("title") };
}

// TODO(payments issue): load the buyer's orders through lib/orders and render the order
// cards with their actions (SPEC section 4). Until then there are no orders to show, so
// the page shows the SPEC empty state; it never shows placeholder orders.
export default async function OrdersPage() {
  const t = await getTranslations("orders");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">{t("subtitle")}</p>
      <section
        aria-labelledby="orders-empty-title"
        data-testid="orders-empty"
        className="mt-8 flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-16 text-center"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <PackageIcon aria-hidden="true" className="size-7" />
        </span>
        <h2 id="orders-empty-title" className="mt-4 text-lg font-semibold">
          {t("emptyTitle")}
        </h2>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("emptyText")}</p>
        <Button asChild className="mt-6">
          <Link href="/browse">{t("browseProducts")}</Link>
        </Button>
      </section>
    </div>
  );
}
