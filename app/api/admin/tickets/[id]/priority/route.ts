// PUT /api/admin/tickets/{id}/priority?priority=low|medium|high|urgent or {priority} (admins only).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { adminPriorityBody, adminPriorityInput, adminPriorityQuery, setTicketPriority } from "@/lib/domains/support";

export const PUT = route({
  auth: "admin",
  params: idParams,
  query: adminPriorityQuery,
  body: adminPriorityBody,
  handler: async ({ user, params, query, body }) => {
    const { priority } = adminPriorityInput.parse({ priority: query.priority ?? body?.priority });
    return { message: "Priority updated", ticket: await setTicketPriority(user, params.id, priority) };
  },
});
