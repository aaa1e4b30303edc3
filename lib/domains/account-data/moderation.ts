/**
 * The export's moderation records about the user themself: the statements of reasons
 * they received (bans, removed listings, payout holds; DSA art. 17) with their own
 * appeals and the decisions on them (art. 20), in the shapes of GET /api/users/me/statements.
 * Not the deciding admin: the audit log keeps who decided.
 */
import type { Tx } from "@/lib/platform/db/client";
import { serializeAppeal, serializeStatement } from "@/lib/domains/statements";

export async function statementsOf(tx: Tx, userId: string) {
  const rows = await tx.moderationStatement.findMany({
    where: { userId },
    include: { appeals: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...serializeStatement(row), appeals: row.appeals.map(serializeAppeal) }));
}
