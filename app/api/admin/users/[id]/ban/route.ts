// PUT /api/admin/users/{id}/ban: admins only; never on admins (400).
import { route } from "@/lib/api/route";
import { banUser } from "@/lib/admin/users";
import { idParams } from "@/lib/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => banUser(user, params.id) });
