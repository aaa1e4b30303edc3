// POST /api/appeals {statement_id, text, token?}: an internal complaint (DSA art. 20)
// against a statement of reasons: signed in, or with the token of the mailed link
// (a banned user has no session).
import { route } from "@/lib/domains/route";
import { appealBody, fileAppeal } from "@/lib/domains/statements";

export const POST = route({ auth: "public", body: appealBody, status: 201, handler: ({ user, body }) => fileAppeal(user, body) });
