// GET /api/users/me/export: the signed-in user (bearer or cookie). All their data as one JSON download.
import { exportForDownload } from "@/lib/domains/account-data";
import { route } from "@/lib/domains/route";
import { notificationLocale } from "@/lib/domains/notifications";

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
