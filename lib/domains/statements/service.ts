/**
 * Statements of reasons (DSA art. 17) and internal complaints against them (art. 20).
 * Every ban, listing removal and payout hold writes a statement in the transaction of
 * the restriction and mails it to the user in their language, with a signed link to
 * object. The decision on an appeal and what it undoes is the admin domain's
 * (lib/domains/admin/appeals.ts); this domain records it and tells the user.
 */
import type { z } from "zod";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { isUuid } from "@/lib/platform/api/ids";
import { enforce } from "@/lib/platform/api/rate-limit";
import { db, type Tx } from "@/lib/platform/db/client";
import type { Appeal, ModerationStatement, StatementKind, User } from "@/lib/platform/db/generated/client";
import { env } from "@/lib/platform/env";
import { enqueueMail } from "@/lib/platform/mail/outbox";
import { absoluteUrl } from "@/lib/platform/site";
import { recordAudit } from "@/lib/domains/audit";
import type { AppealDecisionInput, AppealInput, StatementInput } from "./schemas";
import type { AdminAppealJson, AppealJson, StatementJson, statementWithAppealsJson } from "./responses";
import { appealDeadline, serializeAppeal, serializeStatement } from "./serialize";

export const STATEMENT_NOT_FOUND = "Statement of reasons not found";
export const APPEAL_NOT_FOUND = "Appeal not found";
/** Appeals per user per day. */
export const APPEALS_PER_DAY = 10;

export type IssueStatement = StatementInput & {
  userId: string;
  kind: StatementKind;
  targetType: "user" | "product" | "order";
  targetId: string;
  /** The admin who decided; null for an automated decision. */
  decidedBy: Pick<User, "id"> | null;
  automated?: boolean;
};

// ---- The signed appeal link

function signature(payload: string): Buffer {
  return createHmac("sha256", `${env().AUTH_SECRET}:appeal`).update(payload).digest();
}

/** The token of the mailed appeal link: names the statement and its user. */
export function appealToken(statementId: string, userId: string): string {
  const payload = `${statementId}.${userId}`;
  return `${payload}.${signature(payload).toString("base64url")}`;
}

/** The statement and user of a genuine token, else null. */
export function readAppealToken(token: string): { statementId: string; userId: string } | null {
  const [statementId, userId, sig, ...rest] = token.split(".");
  if (rest.length > 0 || !statementId || !userId || !sig || !isUuid(statementId) || !isUuid(userId)) return null;
  const expected = signature(`${statementId}.${userId}`);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { statementId, userId };
}

export function appealUrl(statement: Pick<ModerationStatement, "id" | "userId">): string {
  return absoluteUrl(`/appeal?statement=${statement.id}&token=${appealToken(statement.id, statement.userId)}`);
}

// ---- Issuing

/** Writes the statement and its mail, in the restriction's transaction. */
export async function issueStatement(tx: Tx, input: IssueStatement): Promise<StatementJson> {
  const row = await tx.moderationStatement.create({
    data: {
      userId: input.userId,
      kind: input.kind,
      category: input.category,
      facts: input.facts,
      rule: input.rule,
      automated: input.automated ?? input.decidedBy === null,
      targetType: input.targetType,
      targetId: input.targetId,
      decidedById: input.decidedBy?.id ?? null,
    },
  });
  await enqueueMail(tx, {
    userId: input.userId,
    template: "statement_of_reasons",
    data: {
      kind: row.kind,
      category: row.category,
      facts: row.facts,
      rule: row.rule,
      automated: row.automated ? "yes" : "no",
      until: appealDeadline(row.createdAt).toISOString().slice(0, 10),
    },
    actionUrl: appealUrl(row),
  });
  return serializeStatement(row);
}

/**
 * The statement of the user's current ban (the newest), for the login's 403. The caller
 * has just proven the password, so it carries the appeal token of the mailed link too:
 * the login dialog links to the appeal form with it (or says the appeal is open or decided).
 */
export async function banStatementOf(userId: string): Promise<StatementJson | null> {
  const row = await db.moderationStatement.findFirst({
    where: { userId, kind: "ban" },
    orderBy: { createdAt: "desc" },
    include: { appeals: { orderBy: { createdAt: "desc" }, take: 1, select: { status: true } } },
  });
  if (!row) return null;
  const json = serializeStatement(row);
  // An appeal filed already: its state instead of a link (one appeal per statement).
  const filed = row.appeals[0];
  return { ...json, appeal: { ...json.appeal, ...(filed ? { status: filed.status } : { token: appealToken(row.id, row.userId) }) } };
}

/** GET /api/users/me/statements: the user's own statements with their appeals. */
export async function myStatements(user: Pick<User, "id">): Promise<z.output<typeof statementWithAppealsJson>[]> {
  const rows = await db.moderationStatement.findMany({
    where: { userId: user.id },
    include: { appeals: { orderBy: { createdAt: "desc" } } },
    orderBy: { createdAt: "desc" },
    take: 100,
  });
  return rows.map((r) => ({ ...serializeStatement(r), appeals: r.appeals.map(serializeAppeal) }));
}

// ---- Appeals

/**
 * POST /api/appeals. Signed in: the caller's own statement. Banned (no session): the
 * token of the mailed link. Within 6 months; one appeal per statement (409 `appeal_open`
 * while it is open, `appeal_decided` once a person decided it).
 */
export async function fileAppeal(user: User | null, input: AppealInput, now: Date = new Date()): Promise<AppealJson> {
  let userId: string | null = user?.id ?? null;
  if (input.token) {
    const read = readAppealToken(input.token);
    if (!read || read.statementId !== input.statement_id) {
      throw new AppError("forbidden", "This appeal link is not valid", { code: "appeal_token_invalid" });
    }
    userId = read.userId;
  }
  if (!userId) throw new AppError("unauthorized", "Not authenticated", { code: "unauthorized" });
  await enforce({ key: `appeal:${userId}`, max: APPEALS_PER_DAY, windowSeconds: 24 * 3600 });
  const appeal = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM moderation_statements WHERE id = ${input.statement_id}::uuid FOR UPDATE`;
    const statement = await tx.moderationStatement.findUnique({ where: { id: input.statement_id } });
    if (!statement || statement.userId !== userId) throw notFound(STATEMENT_NOT_FOUND, "not_found");
    if (appealDeadline(statement.createdAt) < now) {
      throw new AppError("conflict", "The 6 months to object to this decision have passed", { code: "appeal_too_late" });
    }
    // One appeal per statement: a person's decision on it is final here (docs/trust-and-law.md).
    const earlier = await tx.appeal.findFirst({ where: { statementId: statement.id }, orderBy: { createdAt: "desc" }, select: { status: true } });
    if (earlier?.status === "open") throw conflict("An appeal against this decision is already open", "appeal_open");
    if (earlier) throw conflict("An appeal against this decision has already been decided", "appeal_decided");
    const appeal = await tx.appeal.create({ data: { statementId: statement.id, userId: statement.userId, text: input.text } });
    const owner = await tx.user.findUniqueOrThrow({ where: { id: statement.userId }, select: { id: true, email: true } });
    await recordAudit(tx, owner, "appeal.file", { type: "appeal", id: appeal.id }, null, { statement_id: statement.id, kind: statement.kind });
    await enqueueMail(tx, { userId: statement.userId, template: "appeal_received", data: {}, actionUrl: absoluteUrl("/") });
    return appeal;
  });
  return serializeAppeal(appeal);
}

/** GET /api/admin/appeals?status=: open ones first, oldest first (a queue). */
export async function listAppeals(filter: { status?: Appeal["status"] }): Promise<AdminAppealJson[]> {
  const rows = await db.appeal.findMany({
    where: filter.status ? { status: filter.status } : {},
    include: { statement: true, user: { select: { id: true, name: true, email: true, isBanned: true } } },
    orderBy: [{ status: "asc" }, { createdAt: "asc" }],
    take: 200,
  });
  return rows.map((r) => ({
    ...serializeAppeal(r),
    statement: serializeStatement(r.statement),
    user: { id: r.user.id, name: r.user.name, email: r.user.email, is_banned: r.user.isBanned },
  }));
}

/**
 * Records a person's decision on an open appeal (409 when decided) and tells the user;
 * returns the statement so the caller undoes the restriction when reversed.
 */
export async function recordAppealDecision(tx: Tx, admin: Pick<User, "id" | "email">, id: string, input: AppealDecisionInput) {
  if (!isUuid(id)) throw notFound(APPEAL_NOT_FOUND, "not_found");
  await tx.$queryRaw`SELECT id FROM appeals WHERE id = ${id}::uuid FOR UPDATE`;
  const appeal = await tx.appeal.findUnique({ where: { id }, include: { statement: true } });
  if (!appeal) throw notFound(APPEAL_NOT_FOUND, "not_found");
  if (appeal.status !== "open") throw conflict("This appeal has already been decided", "already_decided");
  const status = input.decision === "reverse" ? "reversed" : "upheld";
  const updated = await tx.appeal.update({
    where: { id },
    data: { status, decisionReason: input.reason, decidedById: admin.id, decidedAt: new Date() },
  });
  await recordAudit(tx, admin, input.decision === "reverse" ? "appeal.reverse" : "appeal.uphold", { type: "appeal", id },
    { status: "open" }, { status, reason: input.reason, statement_id: appeal.statementId, kind: appeal.statement.kind });
  await enqueueMail(tx, {
    userId: appeal.userId,
    template: "appeal_decided",
    data: { decision: status, reason: input.reason, kind: appeal.statement.kind },
    actionUrl: absoluteUrl("/"),
  });
  return { appeal: updated, statement: appeal.statement };
}

