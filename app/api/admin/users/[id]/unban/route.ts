// PUT /api/admin/users/{id}/unban: admins only; never on admins (400).
import { route } from "@/lib/domains/route";
import { unbanUser } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => unbanUser(user, params.id) });
