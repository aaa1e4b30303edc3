// GET /api/admin/products?skip&limit&search → {products, total} (admins only; 12 per page).
import { route } from "@/lib/domains/route";
import { listAdminProducts } from "@/lib/domains/admin";
import { adminListQuery, PRODUCTS_PAGE_SIZE } from "@/lib/domains/admin";

export const GET = route({ auth: "admin", query: adminListQuery(PRODUCTS_PAGE_SIZE), handler: ({ query }) => listAdminProducts(query) });
