// PUT /api/admin/users/{id}/verify: admins only; never on admins (400).
import { route } from "@/lib/platform/api/route";
import { verifyUser } from "@/lib/domains/admin/users";
import { idParams } from "@/lib/domains/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => verifyUser(user, params.id) });
