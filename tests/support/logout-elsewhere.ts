// A second app instance in its own process: ends one session of a user (as a logout
// there would) on the database of DATABASE_URL, and exits. Used by the event stream test
// to prove that a sign-out closes streams held by other instances.
import { revokeSession } from "@/lib/domains/accounts/auth/sessions";
import { disconnectDb } from "@/lib/platform/db/client";

const [userId, sessionId] = process.argv.slice(2);
if (!(await revokeSession(userId!, sessionId!))) throw new Error("no live session to end");
await disconnectDb();
