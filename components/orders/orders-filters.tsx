import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ORDER_FILTERS, type OrderFilter } from "@/lib/domains/orders/client";
import { cn } from "@/lib/platform/utils";

/**
 * The orders page's filters: links, so the server renders them and
 * the address keeps the choice. "Alle" leaves out the payment attempts that were never
 * paid; they are under "Geannuleerd".
 */
export async function OrdersFilters({ current }: { current: OrderFilter }) {
  const t = await getTranslations("orders.filters");
  return (
    <nav aria-label={t("label")} className="mt-6" data-testid="orders-filters">
      <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
        {ORDER_FILTERS.map((filter) => {
          const active = filter === current;
          return (
            <li key={filter} className="shrink-0">
              <Link
                href={filter === "all" ? "/orders" : `/orders?status=${filter}`}
                aria-current={active ? "page" : undefined}
                data-filter={filter}
                className={cn(
                  "inline-flex h-11 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none",
                  active ? "border-primary bg-primary text-primary-foreground" : "bg-card hover:bg-accent hover:text-accent-foreground",
                )}
              >
                {t(filter)}
              </Link>
            </li>
          );
        })}
      </ul>
      {current === "all" ? <p className="mt-2 text-sm text-muted-foreground">{t("attemptsHint")}</p> : null}
    </nav>
  );
}
