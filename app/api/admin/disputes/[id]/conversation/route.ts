// GET /api/admin/disputes/{orderId}/conversation (admins): what buyer and seller wrote
// each other about the disputed order's product.
import { notFound } from "@/lib/platform/api/errors";
import { route } from "@/lib/domains/route";
import { isUuid } from "@/lib/platform/api/ids";
import { disputeConversation } from "@/lib/domains/messaging";
import { notificationLocale } from "@/lib/domains/notifications";
import { z } from "zod";

export const GET = route({
  auth: "admin",
  params: z.object({ id: z.string() }),
  handler: ({ req, user, params }) => {
    if (!isUuid(params.id)) throw notFound("Order not found", "order_not_found");
    return disputeConversation(params.id, notificationLocale(req, user));
  },
});
