// PUT /api/admin/users/{id}/verify: admins only; never on admins (400).
import { route } from "@/lib/api/route";
import { verifyUser } from "@/lib/admin/users";
import { idParams } from "@/lib/orders/schemas";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => verifyUser(user, params.id) });
