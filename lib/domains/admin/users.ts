/**
 * Admin user management: list with search, verify, ban and unban (docs/support-and-admin.md:
 * admins are badged and get no actions). A ban takes the user's listings out of search,
 * featured lists and seller pages (products.hidden_at), ends their unpaid checkouts
 * (releaseReservationsOf), and leaves paid orders to run their course.
 */
import type { z } from "zod";
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { serializeUser } from "@/lib/domains/accounts";
import { recordAudit } from "@/lib/domains/audit";
import { isUuid } from "@/lib/platform/api/ids";
import { db, inTransaction, type Tx } from "@/lib/platform/db/client";
import { endLiveStreams } from "@/lib/platform/events/publish";
import type { Prisma, User } from "@/lib/platform/db/generated/client";
import { releaseReservationsOf } from "@/lib/domains/orders";
import { issueStatement, type StatementInput } from "@/lib/domains/statements";
import type { adminUserChangeJson, adminUsersJson } from "./responses";

type UserChange = z.output<typeof adminUserChangeJson>;

export const USER_NOT_FOUND = "User not found";

/** GET /api/admin/users?skip&limit&search → {users, total}. */
export async function listUsers(q: { skip: number; limit: number; search?: string }): Promise<z.output<typeof adminUsersJson>> {
  const where: Prisma.UserWhereInput = { deletedAt: null };
  if (q.search) {
    where.OR = [
      { name: { contains: q.search, mode: "insensitive" } },
      { email: { contains: q.search, mode: "insensitive" } },
    ];
  }
  const [rows, total] = await Promise.all([
    db.user.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip: q.skip, take: q.limit }),
    db.user.count({ where }),
  ]);
  // payouts_held: for the admin's hold / release button (not part of the public user JSON).
  return { users: rows.map((u) => ({ ...serializeUser(u), payouts_held: u.payoutsHeldAt !== null })), total };
}

/** The user `id`, locked for the change; 404 for none or deleted, 400 for an admin. */
export async function lockTarget(tx: Tx, id: string): Promise<User> {
  if (!isUuid(id)) throw notFound(USER_NOT_FOUND, "user_not_found");
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${id}::uuid FOR UPDATE`;
  const user = await tx.user.findFirst({ where: { id, deletedAt: null } });
  if (!user) throw notFound(USER_NOT_FOUND, "user_not_found");
  if (user.isAdmin) throw new AppError("bad_request", "Admin accounts cannot be changed here", { code: "target_is_admin" });
  return user;
}

/** PUT /api/admin/users/{id}/verify: only an unverified user. */
export async function verifyUser(admin: User, id: string): Promise<UserChange> {
  const user = await db.$transaction(async (tx) => {
    const target = await lockTarget(tx, id);
    if (target.isVerified) throw conflict("User is already verified", "already_verified");
    const updated = await tx.user.update({ where: { id }, data: { isVerified: true } });
    await recordAudit(tx, admin, "user.verify", { type: "user", id }, { is_verified: false }, { is_verified: true });
    return updated;
  });
  return { message: "User verified successfully", user: serializeUser(user) };
}

/**
 * PUT /api/admin/users/{id}/ban {category, facts, rule}: the statement of reasons (DSA
 * art. 17) is stored and mailed to the user with the ban, in one transaction.
 */
export async function banUser(admin: User, id: string, reasons: StatementInput, tx?: Tx): Promise<UserChange> {
  const run = async (t: Tx) => {
    const target = await lockTarget(t, id);
    if (target.isBanned) throw conflict("User is already banned", "already_banned");
    const updated = await t.user.update({ where: { id }, data: { isBanned: true } });
    await endLiveStreams(t, id);
    const hidden = await t.product.updateMany({ where: { sellerId: id, deletedAt: null, hiddenAt: null }, data: { hiddenAt: new Date() } });
    const statement = await issueStatement(t, { ...reasons, userId: id, kind: "ban", targetType: "user", targetId: id, decidedBy: admin });
    await recordAudit(t, admin, "user.ban", { type: "user", id }, { is_banned: false },
      { is_banned: true, listings_hidden: hidden.count, statement_id: statement.id, category: reasons.category, facts: reasons.facts, rule: reasons.rule });
    return updated;
  };
  const user = await inTransaction(tx, run);
  // After the commit: the checkouts are ended at the provider too (network calls).
  if (!tx) await releaseReservationsOf(id);
  return { message: "User banned successfully", user: serializeUser(user) };
}

/** PUT /api/admin/users/{id}/unban: the listings return. `tx`: an appeal reversing a ban. */
export async function unbanUser(admin: User, id: string, tx?: Tx, extra: Record<string, unknown> = {}): Promise<UserChange> {
  const user = await inTransaction(tx, async (t) => {
    const target = await lockTarget(t, id);
    if (!target.isBanned) throw conflict("User is not banned", "not_banned");
    const updated = await t.user.update({ where: { id }, data: { isBanned: false } });
    const shown = await t.product.updateMany({ where: { sellerId: id, hiddenAt: { not: null } }, data: { hiddenAt: null } });
    await recordAudit(t, admin, "user.unban", { type: "user", id }, { is_banned: true }, { is_banned: false, listings_restored: shown.count, ...extra });
    return updated;
  });
  return { message: "User unbanned successfully", user: serializeUser(user) };
}
