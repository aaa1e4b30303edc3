import type { ProductJson } from "@/lib/domains/catalog/client";
import type { ProductStatus } from "@/lib/domains/catalog/client";

/** What a row of the dashboard's products tab shows of a product. */
export type DashboardProduct = {
  id: string;
  title: string;
  /** Euros. */
  price: number;
  status: ProductStatus;
  category: string;
  categoryEn: string;
  image: string | null;
  createdAt: string;
  /** An unpaid checkout or an order in escrow: it cannot be deleted until that ends. */
  hasOpenOrder: boolean;
};

export function toDashboardProduct(product: ProductJson & { has_open_order?: boolean }): DashboardProduct {
  return {
    id: product.id,
    title: product.title,
    price: product.price,
    status: product.status,
    category: product.category,
    categoryEn: product.category_en,
    image: product.thumbnails[0] ?? product.images[0] ?? null,
    createdAt: product.created_at,
    hasOpenOrder: product.has_open_order ?? product.status === "reserved",
  };
}

/** The first page of the products tab; more load on request. */
export const DASHBOARD_PAGE_SIZE = 24;
