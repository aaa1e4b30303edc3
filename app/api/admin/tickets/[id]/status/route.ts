// PUT /api/admin/tickets/{id}/status?status=in_progress|resolved (admins only).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { adminStatusQuery } from "@/lib/domains/support";
import { setTicketStatus } from "@/lib/domains/support";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: adminStatusQuery,
  handler: async ({ user, params, query }) => ({ message: "Status updated", ticket: await setTicketStatus(user, params.id, query.status) }),
});
