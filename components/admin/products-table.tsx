"use client";

/** /admin/products: 12 per page with search, feature / unfeature, and removal with reasons. */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AdminProductJson } from "@/lib/domains/admin/client";
import { api, errorText } from "@/components/lib/api-client";
import { StatementDialog, type StatementReasons } from "./statement-dialog";
import { EmptyState, ErrorState, Pager, SearchBox, TableSkeleton } from "./table-parts";
import { usePaged } from "./use-paged";

export function ProductsTable() {
  const t = useTranslations("admin.products");
  const list = usePaged<AdminProductJson>("/api/admin/products", "products", 12, t("loadFailed"));
  const [removing, setRemoving] = useState<AdminProductJson | null>(null);
  const [busy, setBusy] = useState(false);

  async function feature(product: AdminProductJson) {
    setBusy(true);
    try {
      const next = !product.is_featured;
      await api(`/api/admin/products/${product.id}/feature?featured=${next}`, { method: "PUT" });
      toast.success(next ? t("featured") : t("unfeatured"));
      await list.reload();
    } catch (error) {
      toast.error(errorText(error, t("updateFailed")));
    } finally {
      setBusy(false);
    }
  }

  async function remove(product: AdminProductJson, input: StatementReasons) {
    setBusy(true);
    try {
      await api(`/api/admin/products/${product.id}`, { method: "DELETE", json: input });
      toast.success(t("removed"));
      setRemoving(null);
      await list.reload();
    } catch (error) {
      toast.error(errorText(error, t("updateFailed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <SearchBox onSearch={list.setSearch} label={t("search")} />
      {list.error ? (
        <ErrorState text={list.error} />
      ) : !list.data ? (
        <TableSkeleton />
      ) : list.data.items.length === 0 ? (
        <EmptyState text={t("empty")} />
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full text-left text-sm" data-testid="products-table">
            <caption className="sr-only">{t("title")}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className="p-3">{t("product")}</th>
                <th scope="col" className="p-3">{t("seller")}</th>
                <th scope="col" className="p-3">{t("price")}</th>
                <th scope="col" className="p-3">{t("state")}</th>
                <th scope="col" className="p-3">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id} className="border-t" data-testid="product-row" data-title={p.title}>
                  <td className="p-3 font-medium">{p.title}</td>
                  <td className="p-3">{p.seller_name}</td>
                  <td className="p-3">€ {p.price.toFixed(2)}</td>
                  <td className="p-3">
                    <span className="flex flex-wrap gap-1">
                      {p.is_featured ? <Badge>{t("featuredBadge")}</Badge> : null}
                      {p.is_sold ? <Badge variant="secondary">{t("soldBadge")}</Badge> : null}
                      {p.hidden ? <Badge variant="destructive">{t("hiddenBadge")}</Badge> : null}
                    </span>
                  </td>
                  <td className="p-3">
                    <span className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" disabled={busy} onClick={() => feature(p)} data-testid="product-feature">
                        {p.is_featured ? t("unfeature") : t("feature")}
                      </Button>
                      <Button size="sm" variant="destructive" disabled={busy} onClick={() => setRemoving(p)} data-testid="product-remove">
                        {t("remove")}
                      </Button>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
      {removing ? <StatementDialog kind="removal" target={removing.title} busy={busy} onCancel={() => setRemoving(null)} onConfirm={(input) => remove(removing, input)} /> : null}
    </div>
  );
}
