/**
 * Notice and action (DSA art. 16-17): signed-in users report a listing, a user or a
 * message; admins decide (dismiss, remove the listing with a statement of reasons, or
 * ban the user) and the reporter is told the outcome. Each decision is audited.
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
import type { CreateReportInput, ModerationCategoryName } from "./schemas";

export const REPORT_NOT_FOUND = "Report not found";
export const TARGET_NOT_FOUND = "What you report was not found";
/** Reports per user per hour. */
export const REPORTS_PER_HOUR = 20;

export type ReportJson = {
  id: string;
  target_type: string;
  target_id: string;
  reason: string;
  details: string;
  status: string;
  outcome_note: string | null;
  created_at: string;
  decided_at: string | null;
  reporter_name?: string;
  reporter_email?: string;
  /** For the admin queue: what the target is now. */
  target?: { title?: string; name?: string; seller_id?: string; removed?: boolean } | null;
};

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
 * POST /api/reports. Listing and user targets must exist; a message target must be one
 * that the reporter received in one of their own conversations.
 */
export async function createReport(user: User, input: CreateReportInput): Promise<ReportJson> {
  if (input.target_type === "listing") {
    const product = await db.product.findFirst({ where: { id: input.target_id, deletedAt: null }, select: { sellerId: true } });
    if (!product) throw notFound(TARGET_NOT_FOUND);
    if (product.sellerId === user.id) throw new AppError("bad_request", "You cannot report your own listing", { code: "own_target" });
  } else if (input.target_type === "user") {
    const target = await db.user.findFirst({ where: { id: input.target_id, deletedAt: null }, select: { id: true } });
    if (!target) throw notFound(TARGET_NOT_FOUND);
    if (target.id === user.id) throw new AppError("bad_request", "You cannot report yourself", { code: "own_target" });
  }
  if (input.target_type === "message") {
    // Only a message the reporter received: sent to them in one of their conversations.
    const message = await db.message.findFirst({
      where: { id: input.target_id, conversation: { OR: [{ buyerId: user.id }, { sellerId: user.id }] } },
      select: { senderId: true },
    });
    if (!message) throw notFound(TARGET_NOT_FOUND);
    if (message.senderId === user.id) throw new AppError("bad_request", "You cannot report your own message", { code: "own_target" });
  }
  await enforce({ key: `report:${user.id}`, max: REPORTS_PER_HOUR, windowSeconds: 3600 });
  const report = await db.report.create({
    data: { reporterId: user.id, targetType: input.target_type, targetId: input.target_id, reason: input.reason, details: input.details },
  });
  return serializeReport(report);
}

/** GET /api/admin/reports?status=: open ones first, oldest first (a queue). */
export async function listReports(filter: { status?: Report["status"] }): Promise<ReportJson[]> {
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
    let target: ReportJson["target"] = null;
    const p = productById.get(r.targetId);
    const u = userById.get(r.targetId);
    if (r.targetType === "listing" && p) target = { title: p.title, seller_id: p.sellerId, removed: p.deletedAt !== null };
    if (r.targetType === "user" && u) target = { name: u.name, removed: u.isBanned };
    return { ...serializeReport(r), reporter_name: r.reporter.name, reporter_email: r.reporter.email, target };
  });
}

/** POST /api/admin/reports/{id}/decide {decision, note, category}. */
export async function decideReport(
  admin: User,
  id: string,
  decision: "dismiss" | "remove_listing" | "ban_user",
  note: string,
  category: ModerationCategoryName | undefined,
): Promise<ReportJson> {
  let bannedUserId: string | null = null;
  const report = await db.$transaction(async (tx) => {
    if (!isUuid(id)) throw notFound(REPORT_NOT_FOUND);
    await tx.$queryRaw`SELECT id FROM reports WHERE id = ${id}::uuid FOR UPDATE`;
    const report = await tx.report.findUnique({ where: { id } });
    if (!report) throw notFound(REPORT_NOT_FOUND);
    if (report.status !== "open") throw conflict("This report has already been decided", "already_decided");

    let status: Report["status"] = "dismissed";
    if (decision === "remove_listing") {
      if (report.targetType !== "listing") throw new AppError("bad_request", "Only a reported listing can be removed", { code: "wrong_target" });
      await removeProduct(admin, report.targetId, { category: category ?? report.reason, reason: note }, tx);
      status = "listing_removed";
    } else if (decision === "ban_user") {
      const userId = await reportedUserId(report, tx);
      if (!userId) throw new AppError("bad_request", "This report names no user to ban", { code: "wrong_target" });
      await banUser(admin, userId, tx);
      bannedUserId = userId;
      status = "user_banned";
    }
    const updated = await tx.report.update({
      where: { id },
      data: { status, outcomeNote: note || null, decidedById: admin.id, decidedAt: new Date() },
    });
    await notify(tx, report.reporterId, "report.outcome", { reportId: id, outcome: status, note });
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
