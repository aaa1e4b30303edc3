// GET /api/admin/users?skip&limit&search → {users, total} (admins only; 20 per page).
import { route } from "@/lib/domains/route";
import { adminListQuery, USERS_PAGE_SIZE } from "@/lib/domains/admin";
import { listUsers } from "@/lib/domains/admin";

export const GET = route({ auth: "admin", query: adminListQuery(USERS_PAGE_SIZE), handler: ({ query }) => listUsers(query) });
