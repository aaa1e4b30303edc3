// GET /api/users/me/export: the signed-in user (bearer or cookie). All their data as one JSON download.
import { exportForDownload } from "@/lib/domains/accounts/export";
import { route } from "@/lib/platform/api/route";
import { notificationLocale } from "@/lib/domains/notifications/feed";

export const GET = route({
  auth: "user",
  handler: async ({ req, user }) => {
    const { filename, data } = await exportForDownload(user, notificationLocale(req, user));
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});
