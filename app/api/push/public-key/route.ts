// GET /api/push/public-key: the VAPID public key browsers subscribe with (docs/notifications.md).
import { route } from "@/lib/domains/route";
import { pushPublicKey } from "@/lib/domains/notifications";

export const GET = route({ auth: "public", handler: async () => pushPublicKey() });
