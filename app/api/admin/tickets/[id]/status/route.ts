// PUT /api/admin/tickets/{id}/status?status=in_progress|resolved (admins only).
import { route } from "@/lib/platform/api/route";
import { idParams } from "@/lib/domains/orders/schemas";
import { adminStatusQuery } from "@/lib/domains/support/schemas";
import { setTicketStatus } from "@/lib/domains/support/service";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: adminStatusQuery,
  handler: async ({ user, params, query }) => ({ message: "Status updated", ticket: await setTicketStatus(user, params.id, query.status) }),
});
