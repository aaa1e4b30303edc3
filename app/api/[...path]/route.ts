// Any /api path no route handler claims: the JSON 404 every API client expects, not the
// HTML page of the site. (Real routes are more specific and always win over this one.)
import { route } from "@/lib/domains/route";
import { AppError } from "@/lib/platform/api/errors";

const unknownPath = route({
  auth: "public",
  handler: async () => {
    throw new AppError("not_found", "Not found", { code: "unknown_path" });
  },
});

export const GET = unknownPath;
export const HEAD = unknownPath;
export const POST = unknownPath;
export const PUT = unknownPath;
export const PATCH = unknownPath;
export const DELETE = unknownPath;
