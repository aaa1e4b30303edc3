// PUT /api/admin/users/{id}/ban: admins only; never on admins (400).
import { route } from "@/lib/platform/api/route";
import { banUser } from "@/lib/domains/admin/users";
import { idParams } from "@/lib/domains/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => banUser(user, params.id) });
