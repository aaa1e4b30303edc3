/**
 * The mail outbox. A mail is written in the transaction of the change it
 * reports (so it exists exactly when that change committed) and sent afterwards by
 * `sendPendingMail`: the scheduled job runs it every minute, and a new mail nudges it
 * a second after it is written. While the mail server is down the row waits and is
 * tried again with growing pauses; it is never lost.
 *
 * Sending once: a sender claims rows with FOR UPDATE SKIP LOCKED and a claim time, so
 * two senders (two app instances, the job and a nudge) never take the same row, and a
 * row is marked sent right after the server accepted it. The one gap SMTP leaves (the
 * process dies after the server accepted the message and before the row is marked) is
 * covered by the Message-ID, which is the row's id on every try.
 */
import { db, type Tx } from "@/lib/platform/db/client";
import { env } from "@/lib/platform/env";
import { isLocale, type Locale } from "@/lib/platform/i18n/config";
import { log } from "@/lib/platform/log";
import { absoluteUrl } from "@/lib/platform/site";
import { MAIL_TEMPLATES, REQUIRED_CATEGORIES, wantsCategory, type MailTemplate } from "./categories";
import { renderMail, type MailData } from "./render";
import { mailTransport } from "./transport";
import { unsubscribeToken } from "./unsubscribe";

export type EnqueueInput = {
  /** The recipient account; its address, name, language and preferences are used. */
  userId: string;
  template: MailTemplate;
  /** The template's values, or a function giving them in the recipient's language. */
  data: MailData | ((locale: Locale) => MailData);
  /** The button's target; defaults to data.resetUrl / data.confirmUrl / the site. */
  actionUrl?: string;
  /** At most one mail per key, ever. */
  dedupeKey?: string;
};

export const MAIL_MAX_ATTEMPTS = 10;
/** How long a sender holds a claimed row before another may take it. */
const CLAIM_MS = 2 * 60 * 1000;

/** The pause after the n-th failed try: 1, 2, 4 … minutes, at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * Writes a mail for the user into the outbox, in the caller's transaction. Nothing is
 * written for a deleted account, or for a category the user turned off. Returns
 * whether a mail was written.
 */
export async function enqueueMail(tx: Tx, input: EnqueueInput): Promise<boolean> {
  const user = await tx.user.findUnique({
    where: { id: input.userId },
    select: { id: true, email: true, name: true, locale: true, mailPreferences: true, deletedAt: true },
  });
  if (!user || user.deletedAt) return false;
  const category = MAIL_TEMPLATES[input.template];
  if (!wantsCategory(user.mailPreferences, category)) return false;
  const locale: Locale = isLocale(user.locale) ? user.locale : "nl";
  const optional = !REQUIRED_CATEGORIES.includes(category);
  const unsubscribeUrl = optional ? absoluteUrl(`/api/mail/unsubscribe?token=${unsubscribeToken(user.id, category)}`) : null;
  const data = typeof input.data === "function" ? input.data(locale) : input.data;
  const rendered = renderMail({
    template: input.template,
    locale,
    data,
    name: user.name,
    actionUrl: input.actionUrl ?? data.resetUrl ?? data.confirmUrl ?? absoluteUrl("/"),
    // The link in the mail's text opens a page that asks before it unsubscribes (link
    // scanners follow links); mail programs use the header's one-click POST.
    unsubscribeUrl: optional ? absoluteUrl(`/unsubscribe?token=${unsubscribeToken(user.id, category)}`) : null,
    settingsUrl: absoluteUrl("/dashboard?tab=settings"),
  });
  const headers: Record<string, string> = unsubscribeUrl
    ? { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : {};
  const { count } = await tx.mailOutbox.createMany({
    data: [
      {
        userId: user.id,
        toAddress: user.email,
        locale,
        template: input.template,
        category,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers,
        dedupeKey: input.dedupeKey ?? null,
      },
    ],
    skipDuplicates: true,
  });
  if (count > 0) scheduleMailSend();
  return count > 0;
}

/**
 * A mail to an address without an account (a visitor's report receipt), in the
 * caller's transaction. Only strictly needed templates: there is nobody to unsubscribe.
 */
export async function enqueueMailTo(
  tx: Tx,
  input: { to: string; locale: Locale; template: MailTemplate; data: MailData; actionUrl?: string; dedupeKey?: string },
): Promise<boolean> {
  const rendered = renderMail({
    template: input.template,
    locale: input.locale,
    data: input.data,
    name: null,
    actionUrl: input.actionUrl ?? absoluteUrl("/"),
    unsubscribeUrl: null,
    settingsUrl: absoluteUrl("/"),
  });
  const { count } = await tx.mailOutbox.createMany({
    data: [
      {
        userId: null,
        toAddress: input.to,
        locale: input.locale,
        template: input.template,
        category: MAIL_TEMPLATES[input.template],
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        headers: {},
        dedupeKey: input.dedupeKey ?? null,
      },
    ],
    skipDuplicates: true,
  });
  if (count > 0) scheduleMailSend();
  return count > 0;
}

let nudge: NodeJS.Timeout | undefined;

/** Sends soon (after the writing transaction has committed), besides the job's minute. */
export function scheduleMailSend(delayMs = 1000): void {
  if (!env().MAIL_SEND_ON_ENQUEUE || nudge) return;
  nudge = setTimeout(() => {
    nudge = undefined;
    sendPendingMail().catch((error) => log().warn({ err: error }, "sending mail failed"));
  }, delayMs);
  nudge.unref();
}

export type SendReport = { sent: number; failed: number; retrying: number };

type ClaimedRow = {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string> | null;
  attempts: number;
  claimed_until: Date;
};

/** Sends the mails that are due, each at most once; failures wait and are tried again. */
export async function sendPendingMail(now: Date = new Date(), limit = 50): Promise<SendReport> {
  const report: SendReport = { sent: 0, failed: 0, retrying: 0 };
  const until = new Date(now.getTime() + CLAIM_MS);
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE mail_outbox SET claimed_until = ${until}
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now})
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, to_address, subject, text, html, headers, attempts, claimed_until`;
  if (rows.length === 0) return report;
  const transport = mailTransport();
  for (const row of rows) {
    try {
      await transport.send({ id: row.id, to: row.to_address, subject: row.subject, text: row.text, html: row.html, headers: row.headers ?? {} });
      await db.mailOutbox.updateMany({
        where: { id: row.id, claimedUntil: row.claimed_until },
        data: { status: "sent", sentAt: new Date(), claimedUntil: null, attempts: row.attempts + 1, lastError: null },
      });
      report.sent += 1;
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= MAIL_MAX_ATTEMPTS;
      await db.mailOutbox.updateMany({
        where: { id: row.id, claimedUntil: row.claimed_until },
        data: {
          attempts,
          status: failed ? "failed" : "pending",
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          claimedUntil: null,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
        },
      });
      if (failed) report.failed += 1;
      else report.retrying += 1;
      log().warn({ err: error, mailId: row.id, attempts }, failed ? "mail failed for good" : "mail not sent; will retry");
    }
  }
  if (report.sent > 0) log().info({ sent: report.sent, transport: transport.kind }, "mail sent");
  return report;
}

/** Drops sent mails after 30 days and failed ones after 90 (the scheduled job). */
export async function purgeOldMail(now: Date = new Date()): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const { count } = await db.mailOutbox.deleteMany({
    where: {
      OR: [
        { status: "sent", sentAt: { lt: new Date(now.getTime() - 30 * day) } },
        { status: "failed", createdAt: { lt: new Date(now.getTime() - 90 * day) } },
      ],
    },
  });
  return count;
}
