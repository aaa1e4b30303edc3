// PUT /api/admin/users/{id}/release-payouts: admins only; the next escrow run pays what is due.
import { route } from "@/lib/domains/route";
import { releasePayouts } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => releasePayouts(user, params.id) });
