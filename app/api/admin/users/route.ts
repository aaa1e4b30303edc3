// GET /api/admin/users?skip&limit&search → {users, total} (admins only; 20 per page).
import { route } from "@/lib/platform/api/route";
import { adminListQuery, USERS_PAGE_SIZE } from "@/lib/domains/admin/schemas";
import { listUsers } from "@/lib/domains/admin/users";

export const GET = route({ auth: "admin", query: adminListQuery(USERS_PAGE_SIZE), handler: ({ query }) => listUsers(query) });
