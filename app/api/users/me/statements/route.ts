// GET /api/users/me/statements: the caller's statements of reasons and their appeals.
import { route } from "@/lib/domains/route";
import { myStatements } from "@/lib/domains/statements";

export const GET = route({ auth: "user", handler: ({ user }) => myStatements(user) });
