// PUT /api/admin/users/{id}/verify: admins only; never on admins (400).
import { route } from "@/lib/domains/route";
import { verifyUser } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";

export const PUT = route({ auth: "admin", params: idParams, handler: ({ user, params }) => verifyUser(user, params.id) });
