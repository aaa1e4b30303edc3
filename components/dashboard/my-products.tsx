"use client";

/**
 * The dashboard's products tab: the seller's own listings (sold ones too) with their
 * status, links to edit them, and delete after a confirmation.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ImageOffIcon, PackageOpenIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { apiResponse, apiResult } from "@/components/lib/api-client";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import type { ProductJson } from "@/lib/domains/catalog/client";
import type { ProductStatus } from "@/lib/domains/catalog/client";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import { DASHBOARD_PAGE_SIZE, toDashboardProduct, type DashboardProduct } from "./dashboard-product";
import { WishlistCount } from "@/components/wishlist/wishlist-count";
import { useErrorText } from "@/components/lib/use-error-text";

const STATUS_STYLE: Record<ProductStatus, string> = {
  available: "border-transparent bg-secondary text-secondary-foreground",
  reserved: "border-transparent bg-warm/15 text-[oklch(0.45_0.12_45)]",
  sold: "border-transparent bg-muted text-muted-foreground ring-1 ring-border",
};

export function MyProducts({ initialProducts, total }: { initialProducts: DashboardProduct[]; total: number }) {
  const t = useTranslations("dashboard.products");
  const errorText = useErrorText();
  const router = useRouter();
  const [products, setProducts] = React.useState(initialProducts);
  const [knownTotal, setKnownTotal] = React.useState(total);
  const [loadingMore, setLoadingMore] = React.useState(false);
  const [confirming, setConfirming] = React.useState<DashboardProduct | null>(null);
  const [deleting, setDeleting] = React.useState(false);

  async function loadMore() {
    setLoadingMore(true);
    try {
      const { data: page, headers } = await apiResponse<ProductJson[]>(`/api/users/me/products?limit=${DASHBOARD_PAGE_SIZE}&skip=${products.length}`);
      const header = Number(headers.get("X-Total-Count"));
      setProducts((current) => {
        const seen = new Set(current.map((product) => product.id));
        return [...current, ...page.map(toDashboardProduct).filter((product) => !seen.has(product.id))];
      });
      if (Number.isFinite(header)) setKnownTotal(header);
    } catch (error) {
      // A failing product list is only logged.
      console.warn("Loading more products failed", error);
      toast.error(t("loadFailed"));
    } finally {
      setLoadingMore(false);
    }
  }

  async function confirmDelete() {
    const product = confirming;
    if (!product || deleting) return;
    setDeleting(true);
    try {
      const deleted = await apiResult(`/api/products/${product.id}`, { method: "DELETE" });
      if (!deleted.ok) {
        const failure = deleted.error;
        // 409: an open order holds the product; say why rather than "failed".
        const reason =
          failure.code === "product_has_open_order" ? t("openOrder") : failure.status === 409 ? errorText(failure, "") || undefined : undefined;
        toast.error(reason ?? t("deleteFailed"));
        return;
      }
      toast.success(t("deleted"));
      setProducts((current) => current.filter((item) => item.id !== product.id));
      setKnownTotal((count) => Math.max(0, count - 1));
      setConfirming(null);
      // The tabs remount this list from the server's props: bring those up to date.
      router.refresh();
    } catch {
      toast.error(t("deleteFailed"));
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="space-y-5">
      <ProductsHeader count={knownTotal} />

      {products.length === 0 ? (
        <NoProducts />
      ) : (
        <ul className="divide-y rounded-xl border bg-card" data-testid="dashboard-products">
          {products.map((product) => (
            <ProductRow key={product.id} product={product} onDelete={() => setConfirming(product)} />
          ))}
        </ul>
      )}

      {products.length < knownTotal ? (
        <div className="flex justify-center">
          <Button variant="outline" onClick={loadMore} disabled={loadingMore} data-testid="dashboard-products-more">
            {loadingMore ? <Spinner className="text-current" /> : null}
            {t("loadMore")}
          </Button>
        </div>
      ) : null}

      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !deleting) setConfirming(null);
        }}
      >
        <DialogContent role="alertdialog" data-testid="delete-product-dialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>{t("confirmTitle")}</DialogTitle>
            <DialogDescription>{t("confirmText")}</DialogDescription>
          </DialogHeader>
          {confirming ? (
            <p className="rounded-lg bg-muted px-3 py-2 text-sm font-medium break-words">{confirming.title}</p>
          ) : null}
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => setConfirming(null)}
              disabled={deleting}
              data-testid="delete-product-cancel"
            >
              {t("cancel")}
            </Button>
            <Button variant="destructive" onClick={confirmDelete} disabled={deleting} data-testid="delete-product-confirm">
              {deleting ? <Spinner className="text-current" /> : <Trash2Icon aria-hidden="true" />}
              {deleting ? t("deleting") : t("confirm")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** No products yet: a way to list the first. */
function NoProducts() {
  const t = useTranslations("dashboard.products");
  return (
    <div
      data-testid="dashboard-products-empty"
      className="flex flex-col items-center rounded-2xl border border-dashed px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <PackageOpenIcon aria-hidden="true" className="size-7" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{t("emptyTitle")}</h3>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{t("emptyText")}</p>
      <Button asChild className="mt-6">
        <Link href="/sell">{t("add")}</Link>
      </Button>
    </div>
  );
}

/** One product: picture, title, category, price, status and saves; edit and delete. */
function ProductRow({ product, onDelete }: { product: DashboardProduct; onDelete: () => void }) {
  const t = useTranslations("dashboard.products");
  const locale = resolveLocale(useLocale());
  const formatter = useFormatter();
  const sold = product.status === "sold";
  return (
    <li
        data-testid="dashboard-product"
      data-product-id={product.id}
      className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-lg border bg-muted">
          {product.image ? (
            // Our own stored thumbnails; next/image adds nothing here.
            // eslint-disable-next-line @next/next/no-img-element
            <img src={product.image} alt="" className={cn("size-full object-cover", sold && "grayscale")} />
          ) : (
            <span className="flex size-full items-center justify-center text-muted-foreground">
              <ImageOffIcon aria-hidden="true" className="size-6" />
            </span>
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <Link
            href={`/product/${product.id}`}
            prefetch={false}
            className="line-clamp-2 font-semibold break-words hover:underline"
            data-testid="dashboard-product-title"
          >
            {product.title}
          </Link>
          <p className="text-sm text-muted-foreground">
            {locale === "en" && product.categoryEn ? product.categoryEn : product.category}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold tabular-nums" data-testid="dashboard-product-price">
              {formatter.number(product.price, "euro")}
            </span>
            <Badge className={STATUS_STYLE[product.status]} data-testid="dashboard-product-status">
              {t(`status.${product.status}`)}
            </Badge>
            <WishlistCount productId={product.id} />
          </div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:flex-col md:flex-row">
        {sold ? (
          <Button variant="outline" size="sm" disabled title={t("soldNoEdit")} className="flex-1">
            <PencilIcon aria-hidden="true" />
            {t("edit")}
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm" className="flex-1">
            <Link
              href={`/edit-product/${product.id}`}
              data-testid="dashboard-product-edit"
              aria-label={t("editLabel", { title: product.title })}
            >
              <PencilIcon aria-hidden="true" />
              {t("edit")}
            </Link>
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          disabled={product.hasOpenOrder}
          title={product.hasOpenOrder ? t("deleteOpenOrder") : undefined}
          aria-describedby={product.hasOpenOrder ? `open-order-${product.id}` : undefined}
          data-testid="dashboard-product-delete"
          aria-label={t("deleteLabel", { title: product.title })}
          className="flex-1 text-destructive hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2Icon aria-hidden="true" />
          {t("delete")}
        </Button>
      </div>
      {product.hasOpenOrder ? (
        <p id={`open-order-${product.id}`} className="mt-2 text-xs text-muted-foreground" data-testid="dashboard-product-open-order">
          {t("deleteOpenOrder")}
        </p>
      ) : null}
    </li>
  );
}

/** How many products, and a button to list a new one. */
function ProductsHeader({ count }: { count: number }) {
  const t = useTranslations("dashboard.products");
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground" data-testid="dashboard-products-count">
        {t("count", { count })}
      </p>
      <Button asChild data-testid="dashboard-new-product">
        <Link href="/sell">
          <PlusIcon aria-hidden="true" />
          {t("add")}
        </Link>
      </Button>
    </div>
  );
}
