// PUT /api/admin/users/{id}/unban: admins only; never on admins (400).
import { route } from "@/lib/platform/api/route";
import { unbanUser } from "@/lib/domains/admin/users";
import { idParams } from "@/lib/domains/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => unbanUser(user, params.id) });
