/**
 * The one query that loads products for their JSON: product, category, pickup location,
 * seller, the seller's rating (the aggregates stored on the seller's row, kept by
 * lib/domains/reviews in the review's transaction) and the images, for a page of ids chosen by another query.
 * One statement per page keeps list endpoints at one database round trip (plus the
 * count), which is what keeps the API within 2x of the bare SQL (docs/performance.md).
 */
import { db, Prisma, type Tx } from "@/lib/platform/db/client";
import type { ProductRow } from "./serialize";

/**
 * `page` must yield `(id uuid, ord bigint, distance_km float8, total bigint)`: which
 * products, in which order, how far away (null when not searching near a place), and
 * how many match in all (null when the caller counts separately).
 */
export function productRowsQuery(page: Prisma.Sql): Prisma.Sql {
  // MATERIALIZED: the page (sorted and limited) is computed first and on its own, so the
  // joins below run for the 20-odd rows of one page only.
  return Prisma.sql`
    WITH page AS MATERIALIZED (${page})
    SELECT
      p.id, p.title, p.description, p.price_cents, p.condition::text AS condition,
      p.delivery_options::text[] AS delivery_options, p.parcel_size::text AS parcel_size,
      p.status::text AS status, p.is_featured, p.created_at, p.updated_at,
      c.name AS category_name, c.name_en AS category_name_en, c.slug AS category_slug,
      p.location_id, l.address AS location_address, l.city AS location_city,
      l.postcode AS location_postcode, l.lat AS location_lat, l.lng AS location_lng,
      p.seller_id, u.name AS seller_name, u.email AS seller_email,
      u.profile_image AS seller_profile_image, u.is_business_seller AS seller_is_business,
      u.business_name AS seller_business_name, (u.deleted_at IS NOT NULL) AS seller_deleted,
      (u.rating_sum::float8 / greatest(u.rating_count, 1)) AS rating_average, u.rating_count AS rating_count,
      p.previous_price_cents, p.price_dropped_at, p.min_offer_cents,
      coalesce(i.images, '[]'::json) AS images,
      page.distance_km::float8 AS distance_km, page.total::int AS total_count
    FROM page
    JOIN products p ON p.id = page.id
    JOIN categories c ON c.id = p.category_id
    JOIN users u ON u.id = p.seller_id
    LEFT JOIN locations l ON l.id = p.location_id
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('url', pi.url, 'thumb_url', pi.thumb_url) ORDER BY pi.position) AS images
      FROM product_images pi WHERE pi.product_id = p.id
    ) i ON true
    ORDER BY page.ord`;
}

export async function fetchProductRows(page: Prisma.Sql, client: Tx = db): Promise<ProductRow[]> {
  return client.$queryRaw<ProductRow[]>(productRowsQuery(page));
}

/** One product by id, deleted ones excluded; null when there is none. */
export async function fetchProductRow(id: string, client: Tx = db): Promise<ProductRow | null> {
  const rows = await fetchProductRows(
    Prisma.sql`SELECT id, 1::bigint AS ord, NULL::float8 AS distance_km, NULL::bigint AS total
               FROM products WHERE id = ${id}::uuid AND deleted_at IS NULL`,
    client,
  );
  return rows[0] ?? null;
}

/** Products by id in the order given, deleted ones left out (a page chosen elsewhere). */
export async function fetchProductRowsByIds(ids: string[], client: Tx = db): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return fetchProductRows(
    Prisma.sql`SELECT t.id, t.ord, NULL::float8 AS distance_km, NULL::bigint AS total
               FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS t(id, ord)
               JOIN products p ON p.id = t.id WHERE p.deleted_at IS NULL`,
    client,
  );
}
