/**
 * "Download my data" (GET /api/users/me/export; docs/account-data.md, GDPR art. 15
 * and 20): everything we hold about one user, as one plain JSON object.
 *
 * What goes in is what the user may see through the API anyway, in the API's own shapes
 * where one exists (orders through serializeOrder, reviews through serializeReview, ...),
 * so the export never shows more than the app would: no password hash, no other buyer's
 * pickup code, no other user's e-mail address, no staff member's name (staff replies
 * speak as "Support Team"), no payout account id or payment provider references, no
 * session ids or reset tokens.
 * The tax profile shows the BSN/TIN and IBAN masked, as the tax profile page does.
 * Deliberately left out: reports others filed about this user (that would name the
 * reporter) and the admin audit log (names the admins); docs/account-data.md says so.
 *
 * All reads run in one read-only REPEATABLE READ transaction: one snapshot, so an order
 * paid halfway through the export cannot show as paid in one list and pending in the
 * other.
 */
import { enforce } from "@/lib/platform/api/rate-limit";
import { pickupView } from "@/lib/domains/catalog";
import { centsToEuro } from "@/lib/platform/money/cents";
import { db, Prisma, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { TIME_ZONE, type Locale } from "@/lib/platform/i18n/config";
import { preferencesOf } from "@/lib/platform/mail/categories";
import { renderNotification } from "@/lib/domains/notifications";
import { orderInclude, serializeOrder } from "@/lib/domains/orders";
import { pushDevices } from "./push";
import { pushPreferencesOf } from "@/lib/platform/push";
import { returnsData } from "./returns";
import { conversations } from "./conversations";
import { reviewSelect, serializeReview } from "@/lib/domains/reviews";
import { storage } from "@/lib/platform/storage";
import { serializeReport } from "@/lib/domains/reports";
import { serializeTicket } from "@/lib/domains/support";
import { serializeUser } from "@/lib/domains/accounts";
import { taxDataOf } from "@/lib/domains/tax";
import { statementsOf } from "./moderation";
import { payoutAccount, payoutHolds } from "./payouts";
import type { ExportJson, JsonObject } from "./responses";

/** Exports per user per hour: enough to retry, too few to hammer the database with. */
export const EXPORT_LIMIT = { max: 10, windowSeconds: 60 * 60 };

export const EXPORT_FORMAT = "kringwaar-export";
export const EXPORT_VERSION = 1;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);

/** Ledger kinds that are about each side of an order (the platform fee is in `commission`). */
const LEDGER_KINDS_FOR = {
  buyer: ["buyer_payment", "buyer_refund"],
  seller: ["seller_payout"],
} as const;

/**
 * GET /api/users/me/export: counts against the user's export limit, then collects.
 * Answers the file name (kringwaar-export-YYYY-MM-DD.json, the Amsterdam date) and data.
 */
export async function exportForDownload(user: Pick<User, "id">, locale: Locale, now: Date = new Date()) {
  await enforce({ key: `export:user:${user.id}`, ...EXPORT_LIMIT });
  const data = await collectUserData(user.id, locale, now);
  return { filename: exportFileName(now), data };
}

/** kringwaar-export-2026-11-24.json, by the date in the Netherlands. */
export function exportFileName(now: Date): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `kringwaar-export-${day}.json`;
}

/** Everything we hold about `userId`, read in one consistent, read-only snapshot. */
export async function collectUserData(userId: string, locale: Locale, now: Date = new Date()) {
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SET TRANSACTION READ ONLY`;
      return readAll(tx, userId, locale, now);
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 60_000, maxWait: 20_000 },
  );
}

async function readAll(tx: Tx, userId: string, locale: Locale, now: Date): Promise<ExportJson> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
  const viewer = { id: userId, isAdmin: false };
  const [tax, orderLists] = [await taxDataOf(tx, user, now), await orders(tx, viewer)];
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    profile: {
      ...serializeUser(user),
      updated_at: user.updatedAt.toISOString(),
      rating_average: user.ratingCount > 0 ? Math.round((user.ratingSum / user.ratingCount) * 100) / 100 : null,
      rating_count: user.ratingCount,
      locale: user.locale,
      email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
      trader_certified_at: user.traderCertifiedAt?.toISOString() ?? null,
      payouts_held_at: user.payoutsHeldAt?.toISOString() ?? null,
      payouts_hold_statement_id: user.payoutsHoldStatementId,
      // The seller card's figures: when last active, the usual reply time.
      last_active_at: user.lastActiveAt?.toISOString() ?? null,
      response_minutes: user.responseMinutes,
      mail_preferences: preferencesOf(user.mailPreferences),
      push_preferences: pushPreferencesOf(user.pushPreferences),
    },
    payout_account: await payoutAccount(tx, userId),
    sessions: await sessions(tx, userId),
    listings: await listings(tx, userId),
    locations: await locations(tx, userId),
    orders: orderLists,
    returns: await returnsData(tx, userId),
    checkout_sessions: await checkoutSessions(tx, userId),
    conversations: await conversations(tx, userId, locale),
    reviews: await reviews(tx, userId),
    support_tickets: await supportTickets(tx, userId),
    reports: await reports(tx, user),
    statements_of_reasons: await statementsOf(tx, userId),
    // The DAC7 tax profile (masked) and what follows from it (lib/domains/tax/personal-data.ts).
    tax,
    payout_holds: payoutHolds(user, tax, orderLists.as_seller),
    notifications: await notifications(tx, userId, locale),
    push_devices: await pushDevices(tx, userId),
    wishlist: await savedProducts(tx, "wishlist", userId),
    cart: await savedProducts(tx, "cart", userId),
    saved_searches: await savedSearches(tx, userId),
    // The destination offered again at the next checkout (docs/shipping.md).
    shipping_destination: await tx.shippingDestination
      .findUnique({ where: { userId }, select: { address: true, servicePoint: true, updatedAt: true } })
      .then((d) => (d ? { address: d.address as JsonObject, service_point: d.servicePoint as JsonObject, updated_at: d.updatedAt.toISOString() } : null)),
    uploads: await uploads(tx, user),
    emails: await emails(tx, userId),
  };
}

/** The mails we sent or will send them (kept 30 days after sending). */
async function emails(tx: Tx, userId: string) {
  const rows = await tx.mailOutbox.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map((m) => ({
    to: m.toAddress,
    subject: m.subject,
    template: m.template,
    category: m.category,
    language: m.locale,
    status: m.status,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    text: m.text,
  }));
}

/** Sign-ins (bearer tokens and web sessions): when, of what kind, until when; no ids. */
async function sessions(tx: Tx, userId: string) {
  const rows = await tx.authSession.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((s) => ({
    kind: s.kind,
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    revoked_at: iso(s.revokedAt),
  }));
}

/** Every listing still in the database, withdrawn ones with order history included. */
async function listings(tx: Tx, userId: string) {
  const rows = await tx.product.findMany({
    where: { sellerId: userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      category: { select: { name: true } },
      images: { orderBy: { position: "asc" } },
      location: true,
    },
  });
  return rows.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    price: centsToEuro(p.priceCents),
    previous_price: p.previousPriceCents === null ? null : centsToEuro(p.previousPriceCents),
    price_dropped_at: iso(p.priceDroppedAt),
    category: p.category.name,
    condition: p.condition,
    status: p.status,
    is_sold: p.status === "sold",
    is_featured: p.isFeatured,
    images: p.images.map((image) => ({ url: image.url, thumbnail_url: image.thumbUrl, position: image.position })),
    location_id: p.locationId,
    // Their own listing: the exact address, as the seller sees it.
    pickup_location: p.location ? exactLocation(p.location) : null,
    hidden_at: iso(p.hiddenAt),
    deleted_at: iso(p.deletedAt),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  }));
}

type LocationRow = Prisma.LocationGetPayload<object>;

function exactLocation(location: LocationRow) {
  const { location: exact } = pickupView({ ...location, address: location.formattedAddress ?? location.address }, true);
  return { ...exact!, postcode: location.postcode, city: location.city };
}

async function locations(tx: Tx, userId: string) {
  const rows = await tx.location.findMany({ where: { createdById: userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((l) => ({
    id: l.id,
    address: l.address,
    formatted_address: l.formattedAddress,
    postcode: l.postcode,
    city: l.city,
    coordinates: { lat: l.lat, lng: l.lng },
    created_at: l.createdAt.toISOString(),
  }));
}

/**
 * Orders as buyer and as seller in the API's own shape (pickup code only for the buyer's
 * own held order, the other party's name but never their e-mail), each with the money
 * movements that concern this side: payment and refund for the buyer, payout for the seller.
 */
async function orders(tx: Tx, viewer: { id: string; isAdmin: boolean }) {
  const include = { ...orderInclude, ledgerEntries: { orderBy: { createdAt: "asc" } } } satisfies Prisma.OrderInclude;
  const read = (where: Prisma.OrderWhereInput) =>
    tx.order.findMany({ where, include, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const shape = (order: Awaited<ReturnType<typeof read>>[number], side: "buyer" | "seller") => {
    const { actions, checkout_url, ...json } = serializeOrder(order, viewer);
    void actions;
    void checkout_url;
    const kinds: readonly string[] = LEDGER_KINDS_FOR[side];
    return {
      ...json,
      // When a payout found no payout account to go to (the seller's side only).
      payout_blocked_at: side === "seller" ? iso(order.payoutBlockedAt) : null,
      ledger: order.ledgerEntries
        .filter((entry) => kinds.includes(entry.kind))
        .map((entry) => ({
          kind: entry.kind,
          amount: centsToEuro(entry.amountCents),
          currency: entry.currency,
          // A refund or payout without the provider's reference is still being made.
          state: entry.providerRef ? ("done" as const) : ("processing" as const),
          created_at: entry.createdAt.toISOString(),
        })),
    };
  };
  const [asBuyer, asSeller] = [await read({ buyerId: viewer.id }), await read({ sellerId: viewer.id })];
  return {
    as_buyer: asBuyer.map((order) => shape(order, "buyer")),
    as_seller: asSeller.map((order) => shape(order, "seller")),
  };
}

/** The buyer's payments (amount_total in cents, as the checkout-status call answers it). */
async function checkoutSessions(tx: Tx, userId: string) {
  const rows = await tx.checkoutSession.findMany({
    where: { buyerId: userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { orders: { select: { id: true }, orderBy: { createdAt: "asc" } } },
  });
  return rows.map((s) => ({
    session_id: s.providerSessionId ?? s.id,
    provider: s.provider,
    status: s.status,
    payment_status: s.paymentStatus,
    amount_total: s.amountTotalCents,
    currency: s.currency,
    transaction_ids: s.orders.map((order) => order.id),
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    completed_at: iso(s.completedAt),
  }));
}

async function reviews(tx: Tx, userId: string) {
  const select = { ...reviewSelect, orderId: true } satisfies Prisma.ReviewSelect;
  const read = (where: Prisma.ReviewWhereInput) =>
    tx.review.findMany({ where, select, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const shape = (row: Awaited<ReturnType<typeof read>>[number]) => ({ ...serializeReview(row), order_id: row.orderId });
  return {
    written: (await read({ authorId: userId })).map(shape),
    received: (await read({ sellerId: userId })).map(shape),
  };
}

async function supportTickets(tx: Tx, userId: string) {
  const rows = await tx.supportTicket.findMany({
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: {
      user: { select: { name: true, email: true } },
      replies: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { author: { select: { name: true } } } },
    },
  });
  return rows.map((t) => ({
    ...serializeTicket(t),
    replies: t.replies.map((r) => ({
      id: r.id,
      message: r.message,
      is_staff: r.isStaff,
      // Staff speak as the team, not as a named person (as in the support API).
      author_name: r.isStaff ? "Support Team" : r.author.name,
      created_at: r.createdAt.toISOString(),
    })),
  }));
}

/** Reports the user filed: signed in, or as a visitor with their account's e-mail address. */
async function reports(tx: Tx, user: Pick<User, "id" | "email">) {
  const rows = await tx.report.findMany({
    where: { OR: [{ reporterId: user.id }, { reporterId: null, reporterEmail: { equals: user.email, mode: "insensitive" } }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(serializeReport);
}

async function notifications(tx: Tx, userId: string, locale: Locale) {
  const rows = await tx.notification.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((row) => renderNotification(row, locale));
}

async function savedProducts(tx: Tx, list: "wishlist" | "cart", userId: string) {
  const args = {
    where: { userId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { product: { select: { id: true, title: true, priceCents: true, status: true, deletedAt: true } } },
  } satisfies Prisma.WishlistItemFindManyArgs & Prisma.CartItemFindManyArgs;
  const rows = list === "wishlist" ? await tx.wishlistItem.findMany(args) : await tx.cartItem.findMany(args);
  return rows.map((row) => ({
    product_id: row.productId,
    title: row.product.title,
    price: centsToEuro(row.product.priceCents),
    status: row.product.deletedAt ? "withdrawn" : row.product.status,
    added_at: row.createdAt.toISOString(),
  }));
}

async function savedSearches(tx: Tx, userId: string) {
  const rows = await tx.savedSearch.findMany({ where: { userId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    filters: s.query as Record<string, unknown>,
    created_at: s.createdAt.toISOString(),
    last_opened_at: s.lastOpenedAt.toISOString(),
    last_notified_at: iso(s.lastNotifiedAt),
  }));
}

/**
 * Files the user uploaded that are not in a listing (those are under `listings`): the
 * profile photo and product photos no listing has used yet.
 */
async function uploads(tx: Tx, user: User) {
  const rows = await tx.uploadedImage.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { key: "asc" }] });
  return {
    profile_image: user.profileImage,
    unused_product_images: rows.map((row) => ({ url: storage().urlFor(row.key), uploaded_at: row.createdAt.toISOString() })),
  };
}
