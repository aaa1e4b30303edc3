/**
 * Account deletion (docs/accounts.md): irreversible and at once.
 *
 * Refused (409, with the list) while the user has an unpaid checkout or an order that
 * is not finished, as buyer or seller: the money of those orders is still moving. An
 * order that only waits for its automatic payout says when (`auto_release_at`), and
 * `possible_from` the day deletion becomes possible when nothing else is open.
 * Otherwise, in one transaction:
 *  - the user row stays (completed orders and ledger rows are kept seven years for the
 *    bookkeeping and point at it) but is anonymised: "Verwijderde gebruiker", an e-mail
 *    address nobody owns (so the real one can register again), no password, phone,
 *    photo, business details;
 *  - listings are withdrawn: those without orders are removed, those with orders stay
 *    for the orders with their description blanked; every photo is removed;
 *  - pickup locations, cart, wishlist, saved searches, notifications, sessions (every
 *    token and cookie), reset links, payout account, unused uploads are dropped;
 *  - conversations keep the other party's messages; the user's own messages go, and
 *    their name is taken out of the other party's notifications; open offers end;
 *  - reviews they wrote keep their star rating (the seller's reputation) without text;
 *    their support tickets and the texts of their reports and disputes go;
 *  - the audit log keeps who did what by id; an admin's e-mail in it is anonymised;
 *  - rate-limit counters and geocoder cache entries that name their e-mail or
 *    addresses are dropped.
 * Files are deleted after the commit (a rolled-back deletion keeps its pictures).
 */
import { randomBytes } from "node:crypto";
import { AppError } from "@/lib/platform/api/errors";
import { verifyPassword } from "@/lib/domains/accounts";
import { storedKeysOf, thumbKeyFor, deleteStoredFiles } from "@/lib/platform/storage/images";
import { db, type Prisma, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { endLiveStreams } from "@/lib/platform/events/publish";
import { log } from "@/lib/platform/log";
import { releaseReservationsOf } from "@/lib/domains/orders";
import { profilePhotoKeyOf } from "@/lib/domains/accounts";
import { storage } from "@/lib/platform/storage";

export const DELETED_NAME = "Verwijderde gebruiker";

/** What blocks a deletion, as listed in the 409 answer. */
export type OpenItem =
  | { type: "checkout"; id: string; expires_at: string }
  | {
      type: "purchase" | "sale";
      id: string;
      product_title: string;
      status: string;
      delivery_status: string;
      /** Set when the order only waits for the automatic payout: the moment it is paid. */
      auto_release_at: string | null;
    };

/**
 * From when the deletion becomes possible: when every open item only waits for its
 * automatic payout, the last of those moments; otherwise null (the user has to act, or
 * someone else has: a buyer paying, a dispute). Such orders still block: the seller is
 * owed money and needs the account to receive it, the buyer's order is not closed yet.
 */
export function possibleFromOf(open: OpenItem[]): string | null {
  const days = open.map((item) => (item.type === "checkout" ? null : item.auto_release_at));
  if (days.length === 0 || days.some((day) => day === null)) return null;
  return (days as string[]).reduce((latest, day) => (day > latest ? day : latest));
}

export async function deleteAccount(user: User, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) {
    const message = "Password is incorrect";
    throw new AppError("validation", message, { code: "password_wrong", errors: [{ field: "password", message }] });
  }
  const files = await db.$transaction((tx) => erase(tx, user), { timeout: 30_000 });
  await deleteStoredFiles(files);
  // A checkout the user started while this ran (it does not lock the buyer) must not
  // keep products reserved for an account that is gone.
  await releaseReservationsOf(user.id);
  log().info({ userId: user.id }, "account deleted");
}

/** The unpaid checkouts and unfinished orders of the user. */
export async function openItemsOf(tx: Tx, userId: string, now: Date = new Date()): Promise<OpenItem[]> {
  const checkouts = await tx.checkoutSession.findMany({
    where: { buyerId: userId, status: "open", paymentStatus: "unpaid", expiresAt: { gt: now } },
    select: { id: true, expiresAt: true },
  });
  const orders = await tx.order.findMany({
    where: { status: { in: ["pending", "held"] }, OR: [{ buyerId: userId }, { sellerId: userId }] },
    select: { id: true, buyerId: true, status: true, deliveryStatus: true, autoReleaseAt: true, product: { select: { title: true } } },
    orderBy: { createdAt: "asc" },
  });
  return [
    ...checkouts.map((c) => ({ type: "checkout" as const, id: c.id, expires_at: c.expiresAt.toISOString() })),
    ...orders.map((o) => ({
      type: o.buyerId === userId ? ("purchase" as const) : ("sale" as const),
      id: o.id,
      product_title: o.product.title,
      status: o.status,
      delivery_status: o.deliveryStatus,
      auto_release_at: o.status === "held" && o.deliveryStatus === "confirmed" && o.autoReleaseAt ? o.autoReleaseAt.toISOString() : null,
    })),
  ];
}

/** Everything of the deletion that happens in the database; returns the files to remove. */
async function erase(tx: Tx, user: User): Promise<string[]> {
  const id = user.id;
  const store = storage();
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE id = ${id}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (locked.length === 0) throw new AppError("not_found", "Account not found", { code: "not_found" });

  // Withdraw the listings first: the update waits for any checkout holding one of the
  // rows, so an order made just before is seen by the check below.
  const now = new Date();
  await tx.product.updateMany({ where: { sellerId: id, deletedAt: null }, data: { deletedAt: now, isFeatured: false } });
  const open = await openItemsOf(tx, id, now);
  if (open.length > 0) {
    throw new AppError("conflict", "Your account has unfinished orders or checkouts; finish or cancel them first", {
      code: "account_has_open_orders",
      extra: { open, possible_from: possibleFromOf(open) },
    });
  }

  const files: string[] = [];
  // Photos of every listing, then the listings without orders themselves.
  const images = await tx.productImage.findMany({ where: { product: { sellerId: id } }, select: { url: true, thumbUrl: true } });
  files.push(...images.flatMap((image) => storedKeysOf(image, store)));
  await tx.productImage.deleteMany({ where: { product: { sellerId: id } } });
  await tx.product.deleteMany({ where: { sellerId: id, orders: { none: {} } } });
  await tx.product.updateMany({ where: { sellerId: id }, data: { description: "—", locationId: null, previousPriceCents: null } });
  await tx.cartItem.deleteMany({ where: { product: { sellerId: id } } });
  await tx.wishlistItem.deleteMany({ where: { product: { sellerId: id } } });

  // Pickup locations, and the geocoder's memory of those addresses.
  const locations = await tx.location.findMany({ where: { createdById: id }, select: { address: true, formattedAddress: true, postcode: true } });
  for (const text of new Set(locations.flatMap((l) => [l.address, l.formattedAddress]).filter((t): t is string => !!t && t.length >= 4))) {
    await tx.$executeRaw`DELETE FROM geocode_cache WHERE strpos(lower(key), lower(${text})) > 0 OR strpos(lower(result::text), lower(${text})) > 0`;
  }
  await tx.location.deleteMany({ where: { createdById: id } });

  // Uploads not used by any listing.
  const uploads = await tx.uploadedImage.findMany({ where: { userId: id }, select: { key: true } });
  files.push(...uploads.flatMap((u) => [u.key, thumbKeyFor(u.key)]));
  await tx.uploadedImage.deleteMany({ where: { userId: id } });

  // Conversations: the other party keeps their messages; ours go, open offers end.
  const conversations = await tx.conversation.findMany({
    where: { OR: [{ buyerId: id }, { sellerId: id }] },
    select: { id: true, buyerId: true, sellerId: true },
  });
  // Their chat photos: the rows go with their messages, the files after the commit.
  const chatImages = await tx.messageImage.findMany({ where: { message: { senderId: id } }, select: { key: true } });
  files.push(...chatImages.flatMap((image) => [image.key, thumbKeyFor(image.key)]));
  await tx.message.deleteMany({ where: { senderId: id } });
  await tx.offer.updateMany({
    where: { status: "pending", OR: [{ buyerId: id }, { sellerId: id }] },
    data: { status: "withdrawn", respondedAt: now },
  });
  await scrubOthersNotifications(tx, user, conversations);

  // Reviews: the rating stays for the seller's reputation, the words go.
  await tx.review.updateMany({ where: { authorId: id }, data: { comment: null } });
  await tx.review.updateMany({ where: { sellerId: id }, data: { sellerReply: null, sellerRepliedAt: null } });

  await tx.supportTicket.deleteMany({ where: { userId: id } });
  await tx.report.updateMany({ where: { reporterId: id }, data: { details: "" } });
  await tx.order.updateMany({ where: { buyerId: id }, data: { disputeNotes: null } });
  await scrubAuditLog(tx, user);

  await tx.cartItem.deleteMany({ where: { userId: id } });
  await tx.wishlistItem.deleteMany({ where: { userId: id } });
  await tx.savedSearch.deleteMany({ where: { userId: id } });
  await tx.shippingDestination.deleteMany({ where: { userId: id } });
  await tx.senderAddress.deleteMany({ where: { userId: id } });
  await tx.notification.deleteMany({ where: { userId: id } });
  await tx.authSession.deleteMany({ where: { userId: id } });
  await endLiveStreams(tx, id);
  await tx.accountToken.deleteMany({ where: { userId: id } });
  await tx.mailOutbox.deleteMany({ where: { userId: id } });
  await tx.payoutAccount.deleteMany({ where: { userId: id } });
  await tx.$executeRaw`DELETE FROM rate_limit_buckets WHERE strpos(key, ${user.email}) > 0`;

  // Only a photo we stored for them (never a shared demo image).
  const photoKey = profilePhotoKeyOf(user.profileImage, store);
  if (photoKey) files.push(photoKey);
  await tx.user.update({
    where: { id },
    data: {
      email: `deleted-${id}@deleted.invalid`,
      // Not an argon2 hash: no password can ever match it.
      passwordHash: `deleted:${randomBytes(16).toString("hex")}`,
      name: DELETED_NAME,
      phone: null,
      profileImage: null,
      isBusinessSeller: false,
      businessName: null,
      vatNumber: null,
      kvkNumber: null,
      businessAddress: null,
      isVerified: false,
      deletedAt: now,
    },
  });
  return files;
}

/**
 * The other party's notifications about our messages, offers and reviews carry our name
 * (in `data` and in the stored Dutch text): replace it with "Verwijderde gebruiker".
 */
async function scrubOthersNotifications(
  tx: Tx,
  user: User,
  conversations: { id: string; buyerId: string; sellerId: string }[],
): Promise<void> {
  // "New message" notices quote messages that are gone now: they go too, as do the
  // other party's unread-message mails (they name the sender).
  for (const c of conversations) {
    await tx.mailOutbox.deleteMany({ where: { template: "unread_message", dedupeKey: { startsWith: `unread:${c.id}:` } } });
    await tx.notification.deleteMany({
      where: { userId: c.buyerId === user.id ? c.sellerId : c.buyerId, event: "message.received", data: { path: ["conversationId"], equals: c.id } },
    });
  }
  const reviewed = await tx.review.findMany({ where: { authorId: user.id }, select: { productId: true, sellerId: true } });
  const where: Prisma.NotificationWhereInput[] = [
    ...conversations.map((c) => ({
      userId: c.buyerId === user.id ? c.sellerId : c.buyerId,
      data: { path: ["conversationId"], equals: c.id },
    })),
    ...reviewed.map((r) => ({ userId: r.sellerId, event: "review.received", data: { path: ["productId"], equals: r.productId } })),
  ];
  if (where.length === 0) return;
  const rows = await tx.notification.findMany({ where: { OR: where }, select: { id: true, title: true, message: true, data: true } });
  for (const row of rows) {
    const data = replaceName(row.data, user.name);
    const message = row.message.split(user.name).join(DELETED_NAME);
    const title = row.title.split(user.name).join(DELETED_NAME);
    await tx.notification.update({ where: { id: row.id }, data: { title, message, data: data as Prisma.InputJsonValue } });
  }
}

function replaceName(value: unknown, name: string): unknown {
  if (typeof value === "string") return value.split(name).join(DELETED_NAME);
  if (Array.isArray(value)) return value.map((v) => replaceName(v, name));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceName(v, name)]));
  }
  return value;
}

/**
 * The audit log is append-only (its trigger); the one change it allows is this: an
 * admin's e-mail address in the entries they made becomes the anonymous form. Entries
 * about the user name them by id only.
 */
async function scrubAuditLog(tx: Tx, user: User): Promise<void> {
  await tx.auditLogEntry.updateMany({
    where: { actorId: user.id },
    data: { actorEmail: `deleted-${user.id}@deleted.invalid` },
  });
}
