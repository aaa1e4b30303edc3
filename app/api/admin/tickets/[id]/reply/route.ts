// POST /api/admin/tickets/{id}/reply?message= or {message}: a staff reply (admins only).
import { route } from "@/lib/domains/route";
import { adminReplyBody, adminReplyQuery } from "@/lib/domains/admin";
import { idParams } from "@/lib/domains/orders";
import { replyBody } from "@/lib/domains/support";
import { staffReply } from "@/lib/domains/support";

export const POST = route({
  auth: "admin",
  params: idParams,
  query: adminReplyQuery,
  body: adminReplyBody,
  status: 201,
  handler: async ({ user, params, query, body }) => {
    const { message } = replyBody.parse({ message: query.message ?? body?.message });
    return { message: "Reply sent", reply: await staffReply(user, params.id, message) };
  },
});
