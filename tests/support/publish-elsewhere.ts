// A second app instance in its own process: writes one notification for a user through
// the real service, on the database of DATABASE_URL, and exits. Used by the event
// stream test to prove events cross instances (LISTEN/NOTIFY), not just modules.
import { db, disconnectDb } from "@/lib/platform/db/client";
import { notify } from "@/lib/domains/notifications/service";

const [userId, productTitle] = process.argv.slice(2);
await db.$transaction((tx) => notify(tx, userId!, "order.sold", { productTitle: productTitle! }));
await disconnectDb();
