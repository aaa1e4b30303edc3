// PUT /api/admin/users/{id}/unban: admins only; never on admins (400).
import { route } from "@/lib/api/route";
import { unbanUser } from "@/lib/admin/users";
import { idParams } from "@/lib/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => unbanUser(user, params.id) });
