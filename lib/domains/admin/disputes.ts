/** The dispute decision as an audited admin action (the decision itself: lib/domains/orders). */
import { recordAudit } from "@/lib/domains/audit";
import { db } from "@/lib/platform/db/client";
import type { User } from "@/lib/platform/db/generated/client";
import { resolveDispute } from "@/lib/domains/orders";

export async function resolveDisputeAudited(admin: User, orderId: string, resolution: "refund" | "release" | "return", note: string | null) {
  const result = await resolveDispute(admin, orderId, resolution, note);
  // resolveDispute commits its own transaction (and may call the payment provider);
  // the audit row follows it, written only when the decision took effect.
  await db.$transaction((tx) =>
    recordAudit(tx, admin, "dispute.resolve", { type: "order", id: orderId }, { delivery_status: "disputed" }, { resolution, note }),
  );
  return result;
}
