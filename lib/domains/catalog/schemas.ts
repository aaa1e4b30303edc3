/**
 * Catalogue input schemas for the route handlers and the sell/edit form (the only client
 * code that validates with them; everything else imports ./limits, which has no zod).
 * Pure: no database, no Node APIs.
 * Messages are the API's English `detail` texts (docs/catalog.md);
 * the forms show translated ones, chosen by field and rule (custom issues name theirs in
 * `params.rule`), never by the text.
 */
import { z } from "zod";
import { euroToCents } from "@/lib/platform/money/cents";
import { decodeCursor, hasKeyset } from "./cursor";
import { TITLE_MAX, DESCRIPTION_MAX, PRICE_MIN_CENTS, PRICE_MAX_CENTS, MAX_IMAGES, CONDITIONS, DEFAULT_CONDITION, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, RADIUS_KM_DEFAULT, RADIUS_KM_MAX, SORTS, LISTING_MESSAGES, DELIVERY_OPTIONS, PARCEL_SIZES } from "./limits";
import { stripInvisible } from "@/lib/platform/api/text";

const priceSchema = z
  .union([z.number(), z.string()], { error: LISTING_MESSAGES.priceRequired })
  .transform((raw, ctx) => {
    const text = typeof raw === "string" ? raw.trim().replace(",", ".") : null;
    if (text === "") {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.priceRequired, params: { rule: "required" } });
      return z.NEVER;
    }
    const value = text === null ? raw : /^-?\d+(\.\d*)?$|^-?\.\d+$/.test(text) ? Number(text) : NaN;
    if (typeof value !== "number" || !Number.isFinite(value)) {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.priceNotANumber, params: { rule: "invalid" } });
      return z.NEVER;
    }
    if (value < PRICE_MIN_CENTS / 100) {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.priceTooLow, params: { rule: "tooLow" } });
      return z.NEVER;
    }
    if (value > PRICE_MAX_CENTS / 100) {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.priceTooHigh, params: { rule: "tooHigh" } });
      return z.NEVER;
    }
    const cents = euroToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.priceDecimals, params: { rule: "decimals" } });
      return z.NEVER;
    }
    return cents;
  });

/** The optional minimum offer: euros (number or text, like the price) to cents; null or "" clears it. */
const minOfferSchema = z
  .union([z.number(), z.string(), z.null()], { error: LISTING_MESSAGES.minOfferInvalid })
  .optional()
  .transform((raw, ctx): number | null | undefined => {
    if (raw === undefined) return undefined;
    const text = typeof raw === "string" ? raw.trim().replace(",", ".") : null;
    if (raw === null || text === "") return null;
    const value = text === null ? raw : /^\d+(\.\d*)?$|^\.\d+$/.test(text) ? Number(text) : NaN;
    const cents = typeof value === "number" && Number.isFinite(value) && value > 0 && value <= PRICE_MAX_CENTS / 100 ? euroToCents(value) : null;
    if (cents === null || cents < 1) {
      ctx.addIssue({ code: "custom", message: LISTING_MESSAGES.minOfferInvalid, params: { rule: "invalid" } });
      return z.NEVER;
    }
    return cents;
  });

// ---------- Listing (create and edit) ----------

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** A title: invisible and direction-changing characters out first (lib/platform/api/text.ts). */
const requiredTitle = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).transform(stripInvisible).pipe(z.string().min(1, required).max(max, tooLong));

/**
 * The API's listing payload. Keys are in the submit-check order of docs/catalog.md (location, images,
 * category first), so the first error, which becomes `detail`, is the one the form
 * would show first. What needs the database (the category and location exist, the
 * images were issued by us) is checked by the service.
 */
export const listingSchema = z
  .object({
    location_id: z
      .string({ error: LISTING_MESSAGES.locationRequired })
      .trim()
      .min(1, LISTING_MESSAGES.locationRequired)
      .pipe(z.uuid({ error: LISTING_MESSAGES.locationRequired })),
    images: z
      .array(
        z.string({ error: LISTING_MESSAGES.imageInvalid }).trim().min(1, LISTING_MESSAGES.imageInvalid).max(2048),
        { error: LISTING_MESSAGES.imagesRequired },
      )
      .min(1, LISTING_MESSAGES.imagesRequired)
      .max(MAX_IMAGES, LISTING_MESSAGES.tooManyImages)
      .refine((urls) => new Set(urls).size === urls.length, { message: LISTING_MESSAGES.imageDuplicate, params: { rule: "duplicate" } }),
    category: z
      .string({ error: LISTING_MESSAGES.categoryRequired })
      .trim()
      .min(1, LISTING_MESSAGES.categoryRequired),
    title: requiredTitle(LISTING_MESSAGES.titleRequired, LISTING_MESSAGES.titleTooLong, TITLE_MAX),
    description: requiredText(
      LISTING_MESSAGES.descriptionRequired,
      LISTING_MESSAGES.descriptionTooLong,
      DESCRIPTION_MAX,
    ),
    price: priceSchema,
    condition: z
      .enum(CONDITIONS, { error: LISTING_MESSAGES.conditionInvalid })
      .nullish()
      .transform((value) => value ?? DEFAULT_CONDITION),
    /** Absent: pickup only on a new listing; an edit keeps what the listing offers. */
    delivery_options: z
      .array(z.enum(DELIVERY_OPTIONS, { error: LISTING_MESSAGES.deliveryInvalid }), { error: LISTING_MESSAGES.deliveryInvalid })
      .min(1, LISTING_MESSAGES.deliveryRequired)
      .max(10, LISTING_MESSAGES.deliveryInvalid)
      // A repeat is harmless: each option once.
      .transform((options) => [...new Set(options)])
      .nullish(),
    parcel_size: z.enum(PARCEL_SIZES, { error: LISTING_MESSAGES.parcelSizeInvalid }).nullish(),
    /**
     * The lowest offer the seller takes, in euros like `price`. Absent:
     * unchanged on an edit (none on a new listing); null or "": no minimum (offers from
     * half the price up).
     */
    min_offer: minOfferSchema,
  })
  .superRefine((value, ctx) => {
    if (typeof value.min_offer === "number" && value.min_offer >= value.price) {
      ctx.addIssue({ code: "custom", path: ["min_offer"], message: LISTING_MESSAGES.minOfferNotBelowPrice, params: { rule: "notBelowPrice" } });
    }
    if (value.delivery_options?.includes("shipping") && !value.parcel_size) {
      ctx.addIssue({ code: "custom", path: ["parcel_size"], message: LISTING_MESSAGES.parcelSizeRequired, params: { rule: "required" } });
    }
  })
  .transform((value) => ({
    deliveryOptions: value.delivery_options ?? undefined,
    parcelSize: value.parcel_size ?? null,
    title: value.title,
    description: value.description,
    priceCents: value.price,
    category: value.category,
    condition: value.condition,
    imageUrls: value.images,
    locationId: value.location_id,
    /** Cents; null: none; undefined: unchanged. */
    minOfferCents: value.min_offer,
  }));

export type ListingInput = z.output<typeof listingSchema>;
/** What a form submits (before parsing). */
export type ListingPayload = z.input<typeof listingSchema>;

// ---------- Browse and search (GET /api/products) ----------

/** Query values arrive as strings; an empty one means "not set" (the apps send only non-empty ones). */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `At most ${max} characters`).optional());

const optionalEuro = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${field} must be a number` })
      .min(0, `${field} cannot be negative`)
      .max(PRICE_MAX_CENTS / 100, `${field} is too high`)
      .transform((euros) => Math.round(euros * 100))
      .optional(),
  );

const optionalInt = (field: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${field} must be a number` })
      .int(`${field} must be a whole number`)
      .min(min, `${field} must be at least ${min}`)
      .max(max, `${field} must be at most ${max}`)
      .optional(),
  );

const flag = z.preprocess(
  blankToUndefined,
  z
    .enum(["1", "0", "true", "false"], { error: "Use 1 or 0" })
    .transform((v) => v === "1" || v === "true")
    .optional(),
);

// Over-large limits are capped rather than refused: clients ask for "everything".
const cappedLimit = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .transform((n) => Math.min(n, SEARCH_LIMIT_MAX))
    .optional(),
);

/** `GET /api/products` query (the API's names), turned into a typed search. */
export const productQuerySchema = z
  .object({
    search: optionalText(200),
    category: optionalText(100),
    min_price: optionalEuro("min_price"),
    max_price: optionalEuro("max_price"),
    /** A place or postcode the pickup location must match. */
    location: optionalText(100),
    /** A place or postcode to measure distance from (needs no exact match). */
    near: optionalText(100),
    radius_km: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: "radius_km must be a number" })
        .gt(0, "radius_km must be more than 0")
        .max(RADIUS_KM_MAX, `radius_km must be at most ${RADIUS_KM_MAX}`)
        .optional(),
    ),
    sort: z.preprocess(blankToUndefined, z.enum(SORTS, { error: `sort must be one of ${SORTS.join(", ")}` }).optional()),
    /** Only listings offering this way of delivery. */
    delivery: z.preprocess(blankToUndefined, z.enum(["pickup", "shipping"], { error: "delivery must be pickup or shipping" }).optional()),
    /** Only listings in this condition (the phone's filters sheet). */
    condition: z.preprocess(blankToUndefined, z.enum(CONDITIONS, { error: `condition must be one of ${CONDITIONS.join(", ")}` }).optional()),
    featured: flag,
    limit: cappedLimit,
    skip: optionalInt("skip", 0, 1_000_000),
    /** Alias of skip (docs/api.md allows either). */
    offset: optionalInt("offset", 0, 1_000_000),
    /** Continue after the previous page (its X-Next-Cursor): keyset pages, ./cursor.ts. */
    cursor: optionalText(300),
  })
  .superRefine((query, ctx) => {
    if (query.cursor !== undefined) {
      const keyset = decodeCursor(query.cursor);
      const sort = query.sort ?? (query.search ? "relevance" : query.near ? "distance" : "newest");
      if (!keyset) {
        ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor is not valid; use the X-Next-Cursor of the previous page" });
      } else if (!hasKeyset(sort)) {
        ctx.addIssue({ code: "custom", path: ["cursor"], message: "Results sorted by relevance page with skip, not cursor" });
      } else if (keyset.sort !== sort) {
        ctx.addIssue({ code: "custom", path: ["cursor"], message: "cursor belongs to another sort order" });
      }
      if ((query.skip ?? query.offset ?? 0) > 0) {
        ctx.addIssue({ code: "custom", path: ["cursor"], message: "Use either cursor or skip, not both" });
      }
    }
    if (query.sort === "distance" && !query.near) {
      ctx.addIssue({ code: "custom", path: ["sort"], message: "Sorting by distance needs a near location" });
    }
    if (query.radius_km !== undefined && !query.near) {
      ctx.addIssue({ code: "custom", path: ["radius_km"], message: "radius_km needs a near location" });
    }
    if (query.min_price !== undefined && query.max_price !== undefined && query.min_price > query.max_price) {
      ctx.addIssue({ code: "custom", path: ["max_price"], message: "max_price must not be below min_price" });
    }
  })
  .transform((query) => ({
    search: query.search || undefined,
    category: query.category,
    minPriceCents: query.min_price,
    maxPriceCents: query.max_price,
    location: query.location,
    near: query.near,
    radiusKm: query.near ? (query.radius_km ?? RADIUS_KM_DEFAULT) : undefined,
    sort: query.sort,
    delivery: query.delivery,
    condition: query.condition,
    featuredOnly: query.featured ?? false,
    limit: query.limit ?? SEARCH_LIMIT_DEFAULT,
    skip: query.skip ?? query.offset ?? 0,
    after: query.cursor === undefined ? undefined : (decodeCursor(query.cursor) ?? undefined),
  }));

export type ProductQuery = z.output<typeof productQuerySchema>;

/** `?limit&skip` of the seller lists. */
export const pageQuerySchema = z
  .object({
    limit: cappedLimit,
    skip: optionalInt("skip", 0, 1_000_000),
    offset: optionalInt("offset", 0, 1_000_000),
  })
  .transform((query) => ({ limit: query.limit ?? SEARCH_LIMIT_DEFAULT, skip: query.skip ?? query.offset ?? 0 }));

export type PageQuery = z.output<typeof pageQuerySchema>;

export * from "./limits";
