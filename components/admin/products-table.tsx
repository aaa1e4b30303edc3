"use client";

/** /admin/products: 12 per page with search, feature / unfeature, and removal with reasons. */
import { useState } from "react";
import { useFormatter, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { AdminProductJson } from "@/lib/domains/admin/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";
import { StatementDialog, type StatementReasons } from "./statement-dialog";
import { AdminTable, EmptyState, ErrorState, Pager, SearchBox, TableSkeleton } from "./table-parts";
import { usePaged } from "./use-paged";

export function ProductsTable() {
  const t = useTranslations("admin.products");
  const errorText = useErrorText();
  const formatter = useFormatter();
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
        <AdminTable
          caption={t("title")}
          testId="products-table"
          rows={list.data.items}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ "data-testid": "product-row", "data-title": p.title })}
          columns={[
            { key: "product", label: t("product"), primary: true, className: "[overflow-wrap:anywhere]", cell: (p) => p.title },
            { key: "seller", label: t("seller"), cell: (p) => p.seller_name },
            { key: "price", label: t("price"), className: "whitespace-nowrap", cell: (p) => <span data-testid="product-price">{formatter.number(p.price, "euro")}</span> },
            {
              key: "state",
              label: t("state"),
              cell: (p) =>
                p.is_featured || p.is_sold || p.hidden ? (
                  <span className="flex flex-wrap gap-1">
                    {p.is_featured ? <Badge>{t("featuredBadge")}</Badge> : null}
                    {p.is_sold ? <Badge variant="secondary">{t("soldBadge")}</Badge> : null}
                    {p.hidden ? <Badge variant="destructive">{t("hiddenBadge")}</Badge> : null}
                  </span>
                ) : null,
            },
            {
              key: "actions",
              label: t("actions"),
              cell: (p) => (
                <span className="flex flex-wrap gap-2 max-lg:pt-1">
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => feature(p)} data-testid="product-feature">
                    {p.is_featured ? t("unfeature") : t("feature")}
                  </Button>
                  <Button size="sm" variant="destructive" disabled={busy} onClick={() => setRemoving(p)} data-testid="product-remove">
                    {t("remove")}
                  </Button>
                </span>
              ),
            },
          ]}
        />
      )}
      <Pager page={list.page} pages={list.pages} setPage={list.setPage} />
      {removing ? <StatementDialog kind="removal" target={removing.title} busy={busy} onCancel={() => setRemoving(null)} onConfirm={(input) => remove(removing, input)} /> : null}
    </div>
  );
}
