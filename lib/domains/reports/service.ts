/**
 * Notice and action (DSA art. 16-17): anyone reports a listing, a user or a message
 * (visitors with their e-mail address; everyone with a good-faith statement) and gets a
 * receipt by mail; admins decide (dismiss, remove the listing or ban the user, both with
 * a statement of reasons) and the reporter is told the outcome. Each decision is audited.
 */
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { enforce } from "@/lib/platform/api/rate-limit";
import { recordAudit } from "@/lib/domains/audit";
import { removeProduct } from "@/lib/domains/admin";
import { banUser } from "@/lib/domains/admin";
import { isUuid } from "@/lib/platform/api/ids";
import { db, type Tx } from "@/lib/platform/db/client";
import type { Report, User } from "@/lib/platform/db/generated/client";
import { notify } from "@/lib/domains/notifications";
import { releaseReservationsOf } from "@/lib/domains/orders";
import { isLocale, type Locale } from "@/lib/platform/i18n/config";
import { enqueueMail, enqueueMailTo } from "@/lib/platform/mail/outbox";
import { absoluteUrl } from "@/lib/platform/site";
import type { AdminReportJson, ReportJson } from "./responses";
import type { CreateReportInput, DecideReportInput } from "./schemas";

export const REPORT_NOT_FOUND = "Report not found";
export const TARGET_NOT_FOUND = "What you report was not found";
/** Reports per user per hour. */
export const REPORTS_PER_HOUR = 20;
/** A visitor's reports per e-mail address per hour, and per network address. */
export const VISITOR_REPORTS_PER_HOUR = 5;
export const VISITOR_REPORTS_PER_IP_HOUR = 20;

/** A report as its reporter and the API see it (the admin queue adds the reporter and target). */
export function serializeReport(r: Report): ReportJson {
  return {
    id: r.id,
    target_type: r.targetType,
    target_id: r.targetId,
    reason: r.reason,
    details: r.details,
    status: r.status,
    outcome_note: r.outcomeNote,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
  };
}

/**
 * POST /api/reports, signed in or not. Listing and user targets must exist; a message
 * target must be one that the reporter received in one of their own conversations (so
 * only signed-in users report messages). A visitor gives `reporter_email`.
 */
export async function createReport(
  user: User | null,
  input: CreateReportInput,
  visitor: { ip: string; locale?: string } = { ip: "unknown" },
): Promise<ReportJson> {
  if (!user && !input.reporter_email) {
    const message = "Enter your e-mail address so we can confirm your report";
    throw new AppError("validation", message, { code: "reporter_email_required", errors: [{ field: "reporter_email", message }] });
  }
  if (input.target_type === "listing") {
    const product = await db.product.findFirst({ where: { id: input.target_id, deletedAt: null }, select: { sellerId: true } });
    if (!product) throw notFound(TARGET_NOT_FOUND, "target_not_found");
    if (product.sellerId === user?.id) throw new AppError("bad_request", "You cannot report your own listing", { code: "own_target" });
  } else if (input.target_type === "user") {
    const target = await db.user.findFirst({ where: { id: input.target_id, deletedAt: null }, select: { id: true } });
    if (!target) throw notFound(TARGET_NOT_FOUND, "target_not_found");
    if (target.id === user?.id) throw new AppError("bad_request", "You cannot report yourself", { code: "own_target" });
  }
  if (input.target_type === "message") {
    if (!user) throw new AppError("unauthorized", "Log in to report a message you received", { code: "unauthorized" });
    // Only a message the reporter received: sent to them in one of their conversations.
    const message = await db.message.findFirst({
      where: { id: input.target_id, conversation: { OR: [{ buyerId: user.id }, { sellerId: user.id }] } },
      select: { senderId: true },
    });
    if (!message) throw notFound(TARGET_NOT_FOUND, "target_not_found");
    if (message.senderId === user.id) throw new AppError("bad_request", "You cannot report your own message", { code: "own_target" });
  }
  if (user) {
    await enforce({ key: `report:${user.id}`, max: REPORTS_PER_HOUR, windowSeconds: 3600 });
  } else {
    await enforce({ key: `report:email:${input.reporter_email}`, max: VISITOR_REPORTS_PER_HOUR, windowSeconds: 3600 });
    await enforce({ key: `report:ip:${visitor.ip}`, max: VISITOR_REPORTS_PER_IP_HOUR, windowSeconds: 3600 });
  }
  const locale: Locale = visitor.locale && isLocale(visitor.locale) ? visitor.locale : "nl";
  const report = await db.$transaction(async (tx) => {
    const report = await tx.report.create({
      data: {
        reporterId: user?.id ?? null,
        reporterEmail: user ? null : input.reporter_email,
        reporterLocale: user ? null : locale,
        goodFaith: input.good_faith,
        targetType: input.target_type,
        targetId: input.target_id,
        reason: input.reason,
        details: input.details,
      },
    });
    await tellReporter(tx, report, "report_receipt", { reason: report.reason, targetType: report.targetType });
    return report;
  });
  return serializeReport(report);
}

/** A mail to the reporter: their account, or the visitor's address in their language. */
async function tellReporter(tx: Tx, report: Report, template: "report_receipt" | "report_outcome", data: Record<string, string>) {
  const actionUrl = absoluteUrl("/");
  if (report.reporterId) {
    await enqueueMail(tx, { userId: report.reporterId, template, data, actionUrl });
  } else if (report.reporterEmail) {
    const locale: Locale = report.reporterLocale && isLocale(report.reporterLocale) ? report.reporterLocale : "nl";
    await enqueueMailTo(tx, { to: report.reporterEmail, locale, template, data, actionUrl });
  }
}

/** GET /api/admin/reports?status=: open ones first, oldest first (a queue). */
export async function listReports(filter: { status?: Report["status"] }): Promise<AdminReportJson[]> {
  const rows = await db.report.findMany({
    where: filter.status ? { status: filter.status } : {},
    include: { reporter: { select: { name: true, email: true } } },
    orderBy: [{ createdAt: filter.status === "open" || !filter.status ? "asc" : "desc" }, { id: "asc" }],
    take: 200,
  });
  const productIds = rows.filter((r) => r.targetType === "listing").map((r) => r.targetId);
  const userIds = rows.filter((r) => r.targetType === "user").map((r) => r.targetId);
  const [products, users] = await Promise.all([
    db.product.findMany({ where: { id: { in: productIds } }, select: { id: true, title: true, sellerId: true, deletedAt: true } }),
    db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, isBanned: true } }),
  ]);
  const productById = new Map(products.map((p) => [p.id, p]));
  const userById = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => {
    let target: AdminReportJson["target"] = null;
    const p = productById.get(r.targetId);
    const u = userById.get(r.targetId);
    if (r.targetType === "listing" && p) target = { title: p.title, seller_id: p.sellerId, removed: p.deletedAt !== null };
    if (r.targetType === "user" && u) target = { name: u.name, removed: u.isBanned };
    return { ...serializeReport(r), reporter_name: r.reporter?.name ?? null, reporter_email: r.reporter?.email ?? r.reporterEmail, target };
  });
}

/**
 * POST /api/admin/reports/{id}/decide {decision, note, category, facts, rule}. A removal
 * or ban needs its statement of reasons: the category (else the report's reason), the
 * facts (else the note) and the rule broken (422 without them).
 */
export async function decideReport(admin: User, id: string, input: DecideReportInput): Promise<ReportJson> {
  const { decision, note } = input;
  let reasons = null as null | { category: Report["reason"]; facts: string; rule: string };
  if (decision !== "dismiss") {
    const facts = input.facts || note;
    const missing = [!facts && "facts", !input.rule && "rule"].filter((f): f is string => !!f);
    if (missing.length > 0) {
      const message = "A statement of reasons is required: category, facts and rule";
      throw new AppError("validation", message, { code: "validation", errors: missing.map((field) => ({ field, message })) });
    }
    reasons = { category: input.category ?? "other", facts, rule: input.rule! };
  }
  let bannedUserId: string | null = null;
  const report = await db.$transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(REPORT_NOT_FOUND, "report_not_found");
    await tx.$queryRaw`SELECT id FROM reports WHERE id = ${id}::uuid FOR UPDATE`;
    const report = await tx.report.findUnique({ where: { id } });
    if (!report) throw notFound(REPORT_NOT_FOUND, "report_not_found");
    if (report.status !== "open") throw conflict("This report has already been decided", "already_decided");

    let status: Report["status"] = "dismissed";
    if (decision === "remove_listing") {
      if (report.targetType !== "listing") throw new AppError("bad_request", "Only a reported listing can be removed", { code: "wrong_target" });
      await removeProduct(admin, report.targetId, { ...reasons!, category: input.category ?? report.reason }, tx);
      status = "listing_removed";
    } else if (decision === "ban_user") {
      const userId = await reportedUserId(report, tx);
      if (!userId) throw new AppError("bad_request", "This report names no user to ban", { code: "wrong_target" });
      await banUser(admin, userId, { ...reasons!, category: input.category ?? report.reason }, tx);
      bannedUserId = userId;
      status = "user_banned";
    }
    const updated = await tx.report.update({
      where: { id },
      data: { status, outcomeNote: note || null, decidedById: admin.id, decidedAt: new Date() },
    });
    if (report.reporterId) await notify(tx, report.reporterId, "report.outcome", { reportId: id, outcome: status, note });
    await tellReporter(tx, report, "report_outcome", { outcome: status, note });
    const action = decision === "dismiss" ? "report.dismiss" : decision === "remove_listing" ? "report.remove_listing" : "report.ban_user";
    await recordAudit(tx, admin, action, { type: "report", id }, { status: "open" }, { status, note, target_type: report.targetType, target_id: report.targetId });
    return updated;
  });
  if (bannedUserId) await releaseReservationsOf(bannedUserId);
  return serializeReport(report);
}

/** The user behind a report: the user itself, or a listing's seller. */
async function reportedUserId(report: Report, tx: Tx): Promise<string | null> {
  if (report.targetType === "user") return report.targetId;
  if (report.targetType === "listing") {
    const product = await tx.product.findUnique({ where: { id: report.targetId }, select: { sellerId: true } });
    return product?.sellerId ?? null;
  }
  if (report.targetType === "message") {
    const message = await tx.message.findUnique({ where: { id: report.targetId }, select: { senderId: true } });
    return message?.senderId ?? null;
  }
  return null;
}
