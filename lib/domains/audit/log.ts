/**
 * The admin audit log (docs/support-and-admin.md): every admin action, who did it, to what,
 * the state before and after, and when. Append-only: this module only inserts and
 * reads, and the table's trigger refuses UPDATE and DELETE (migration 20261123050000).
 */
import { db, type Tx, Prisma } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import type { AuditPageJson } from "./responses";

export type AuditAction =
  | "user.verify"
  | "user.ban"
  | "user.unban"
  | "user.hold_payouts"
  | "user.release_payouts"
  | "product.feature"
  | "product.unfeature"
  | "product.remove"
  | "ticket.status"
  | "ticket.reply"
  | "ticket.priority"
  | "dispute.resolve"
  | "report.dismiss"
  | "report.remove_listing"
  | "report.ban_user"
  | "appeal.file"
  | "appeal.uphold"
  | "appeal.reverse"
  | "product.restore";

export type AuditTarget = AuditPageJson["entries"][number]["target_type"];

type Snapshot = Record<string, unknown> | null;

export async function recordAudit(
  tx: Tx,
  actor: Pick<User, "id" | "email">,
  action: AuditAction,
  target: { type: AuditTarget; id: string },
  before: Snapshot,
  after: Snapshot,
): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      targetType: target.type,
      targetId: target.id,
      before: before === null ? Prisma.JsonNull : (before as Prisma.InputJsonObject),
      after: after === null ? Prisma.JsonNull : (after as Prisma.InputJsonObject),
    },
  });
}

/** GET /api/admin/audit: newest first. */
export async function listAudit(page: { skip: number; limit: number }, filter: { action?: string } = {}): Promise<AuditPageJson> {
  const where = filter.action ? { action: filter.action } : {};
  const [rows, total] = await Promise.all([
    db.auditLogEntry.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: page.skip, take: page.limit }),
    db.auditLogEntry.count({ where }),
  ]);
  const entries = rows.map((r) => ({
    id: r.id,
    actor_id: r.actorId,
    actor_email: r.actorEmail,
    action: r.action,
    target_type: r.targetType as AuditTarget,
    target_id: r.targetId,
    before: r.before as Snapshot,
    after: r.after as Snapshot,
    created_at: r.createdAt.toISOString(),
  }));
  return { entries, total };
}
