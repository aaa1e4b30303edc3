// GET /api/openapi.json: anyone. The OpenAPI 3.1 document of /api, generated from the
// routes and the domains' operation tables once per process (docs/api.md).
import { route } from "@/lib/domains/route";
import { openApiDocument } from "./document";

export const GET = route({
  auth: "public",
  handler: async () => Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } }),
});
