// PUT /api/admin/users/{id}/ban: admins only; never on admins (400).
import { route } from "@/lib/domains/route";
import { banUser } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => banUser(user, params.id) });
