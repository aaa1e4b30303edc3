/**
 * Which events send a mail, besides the in-app notification: the mail is
 * written in the same transaction as the notification. And the job's reminder of
 * messages left unread for 10 minutes.
 */
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { db, type Tx } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { absoluteUrl } from "@/lib/platform/site";
import type { MailTemplate } from "@/lib/platform/mail/categories";
import type { Locale } from "@/lib/platform/i18n/config";
import { enqueueMail } from "@/lib/platform/mail/outbox";
import { eventStrings } from "@/lib/platform/i18n/events";

type Data = Record<string, string | number | undefined>;

/** Notification event → mail template. Events not listed send no mail. */
const EVENT_MAILS: Record<string, MailTemplate> = {
  "order.sold": "order_sold",
  "order.paid": "order_paid",
  "order.refunded": "order_refunded",
  "order.cancelled_by_seller": "order_cancelled_by_seller",
  "payout.released": "payout_sent",
  "order.dispute_raised": "dispute_raised",
  "order.dispute_opened": "dispute_opened",
  "order.dispute_resolved": "dispute_resolved",
  "offer.accepted": "offer_accepted",
  "offer.made": "offer_received",
  // A counter-offer is a new offer too when the buyer makes it (to the seller); the
  // seller's counter to the buyer sends none (mailForEvent).
  "offer.countered": "offer_received",
  "support.reply": "ticket_reply",
  "order.paid_shipping": "order_paid_shipping",
  "order.sold_shipping": "order_sold_shipping",
  "shipping.label_created": "shipment_label_created",
  "shipping.delivered": "shipment_delivered",
  "shipping.auto_confirmed": "shipment_auto_confirmed",
  "shipping.auto_confirmed_seller": "shipment_auto_confirmed_seller",
  "shipping.ship_by_reminder": "ship_by_reminder",
  "shipping.not_shipped": "shipment_not_shipped",
  "shipping.lost": "shipment_lost",
  "shipping.returned": "shipment_returned",
  "return.label_ready": "return_label_ready",
  "return.opened": "return_opened",
  "return.withdrawal_received": "return_withdrawal_received",
  "return.handed_in": "return_handed_in",
  "return.arrived": "return_arrived",
  "return.delivered": "return_delivered",
  "return.refunded": "return_refunded",
  "return.problem_reported": "return_problem_reported",
  "return.hand_in_reminder": "return_hand_in_reminder",
  "return.inspect_reminder": "return_inspect_reminder",
  "return.expired": "return_expired",
  "return.expired_seller": "return_expired_seller",
  "order.partial_refund_offered": "partial_refund_offered",
  "order.partial_refund_accepted": "partial_refund_accepted",
  "order.partial_refund_refused": "partial_refund_refused",
  "tax.profile_needed": "tax_profile_needed",
};

/** Called by notify() for every notification it writes. */
export async function mailForEvent(tx: Tx, userId: string, event: string, data: Data, link: string): Promise<void> {
  const template = EVENT_MAILS[event];
  if (!template) return;
  if (event === "offer.countered" && !(await isOffersSeller(tx, userId, data.offerId))) return;
  let pickupCode: string | undefined;
  if (template === "order_paid" && typeof data.orderId === "string") {
    // The pickup code is in the buyer's mail only (it is not part of notifications).
    const order = await tx.order.findUnique({ where: { id: data.orderId }, select: { pickupCode: true, buyerId: true } });
    if (!order || order.buyerId !== userId || !order.pickupCode) return;
    pickupCode = order.pickupCode;
  }
  // Money and times in the recipient's language (lib/platform/i18n/events.ts).
  const values = (locale: Locale) => {
    const shown = eventStrings(data, locale);
    if (pickupCode) shown.pickupCode = pickupCode;
    return { subject: "", amount: "", productTitle: "", resolution: "", ...shown };
  };
  await enqueueMail(tx, { userId, template, data: values, actionUrl: absoluteUrl(link) });
}

/** Whether `userId` is the seller the offer `offerId` was made to. */
async function isOffersSeller(tx: Tx, userId: string, offerId: Data[string]): Promise<boolean> {
  if (typeof offerId !== "string") return false;
  const offer = await tx.offer.findUnique({ where: { id: offerId }, select: { sellerId: true, madeBy: true } });
  return offer?.sellerId === userId && offer.madeBy === "buyer";
}

// ---- Welcome and e-mail address confirmation

const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** The welcome mail, with a link (seven days) that confirms the address. */
export async function sendWelcomeMail(tx: Tx, userId: string, now: Date = new Date()): Promise<void> {
  await confirmationMail(tx, userId, "welcome", now);
}

async function confirmationMail(tx: Tx, userId: string, template: "welcome" | "email_confirmation", now: Date): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  await tx.accountToken.create({
    data: { userId, purpose: "email_confirmation", tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS), createdAt: now },
  });
  await enqueueMail(tx, { userId, template, data: {}, actionUrl: absoluteUrl(`/confirm-email?token=${token}`) });
}

export const RESEND_CONFIRMATION_LIMIT = { max: 3, windowSeconds: 60 * 60 };

/**
 * A new confirmation link (Settings, while the address is not confirmed); earlier
 * unused links stop working. 409 when the address is already confirmed.
 */
export async function resendConfirmation(user: Pick<User, "id" | "emailVerifiedAt">, now: Date = new Date()): Promise<void> {
  if (user.emailVerifiedAt) throw new AppError("conflict", "Your e-mail address is already confirmed", { code: "email_already_verified" });
  await enforce({ key: `confirm-resend:${user.id}`, ...RESEND_CONFIRMATION_LIMIT });
  await db.$transaction(async (tx) => {
    await tx.accountToken.deleteMany({ where: { userId: user.id, purpose: "email_confirmation", usedAt: null } });
    await confirmationMail(tx, user.id, "email_confirmation", now);
  });
}

/**
 * Confirms the address of the link's account: sets email_verified_at (once; a second
 * click of the same link still answers that the address is confirmed). False for an
 * unknown or expired link.
 */
export async function confirmEmail(token: string, now: Date = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  return db.$transaction(async (tx) => {
    const row = await tx.accountToken.findFirst({
      where: { tokenHash: hashOf(token), purpose: "email_confirmation", expiresAt: { gt: now }, user: { deletedAt: null } },
      select: { id: true, userId: true, usedAt: true },
    });
    if (!row) return false;
    if (!row.usedAt) {
      await tx.accountToken.update({ where: { id: row.id }, data: { usedAt: now } });
      await tx.user.updateMany({ where: { id: row.userId, emailVerifiedAt: null }, data: { emailVerifiedAt: now } });
    }
    return true;
  });
}

// ---- Unread messages

/** A reminder after 10 minutes; at most one per conversation and recipient per hour. */
export const UNREAD_AFTER_MS = 10 * 60 * 1000;
const UNREAD_SPACING_MS = 60 * 60 * 1000;
const UNREAD_LOOKBACK_MS = 24 * 60 * 60 * 1000;

type UnreadRow = { message_id: string; conversation_id: string; recipient_id: string; sender_name: string; product_title: string | null };

/** The job's pass: a mail for each conversation with a message unread for 10 minutes. */
export async function queueUnreadMessageMails(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNREAD_AFTER_MS);
  const after = new Date(now.getTime() - UNREAD_LOOKBACK_MS);
  const rows = await db.$queryRaw<UnreadRow[]>`
    SELECT DISTINCT ON (m.conversation_id, r.recipient_id)
      m.id AS message_id, m.conversation_id, r.recipient_id, s.name AS sender_name, p.title AS product_title
    FROM messages m
    JOIN conversations c ON c.id = m.conversation_id
    CROSS JOIN LATERAL (SELECT
      CASE WHEN m.sender_id = c.buyer_id THEN c.seller_id ELSE c.buyer_id END AS recipient_id,
      CASE WHEN m.sender_id = c.buyer_id THEN c.seller_last_read_at ELSE c.buyer_last_read_at END AS read_at) r
    JOIN users s ON s.id = m.sender_id
    LEFT JOIN products p ON p.id = c.product_id
    WHERE m.created_at <= ${before} AND m.created_at > ${after}
      AND (r.read_at IS NULL OR r.read_at < m.created_at)
    ORDER BY m.conversation_id, r.recipient_id, m.created_at DESC`;
  let queued = 0;
  for (const row of rows) {
    const prefix = `unread:${row.conversation_id}:${row.recipient_id}:`;
    const recent = await db.mailOutbox.count({
      where: { dedupeKey: { startsWith: prefix }, createdAt: { gt: new Date(now.getTime() - UNREAD_SPACING_MS) } },
    });
    if (recent > 0) continue;
    const written = await db.$transaction((tx) =>
      enqueueMail(tx, {
        userId: row.recipient_id,
        template: "unread_message",
        data: { senderName: row.sender_name, productTitle: row.product_title ?? "" },
        actionUrl: absoluteUrl(`/messages?c=${row.conversation_id}`),
        dedupeKey: `${prefix}${row.message_id}`,
      }),
    );
    if (written) queued += 1;
  }
  return queued;
}
