// POST /api/transactions/{id}/return/problem {description, photos}: the seller reports a
// swapped or damaged return during the inspection; an admin decides (docs/returns.md).
import { route } from "@/lib/domains/route";
import { idParams, reportReturnProblem, returnProblemBody } from "@/lib/domains/orders";

export const POST = route({ auth: "user", params: idParams, body: returnProblemBody, handler: ({ user, params, body }) => reportReturnProblem(user, params.id, body) });
