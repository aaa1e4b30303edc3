// GET /api/health: anyone. Database reachability and the app's version (for load balancers):
// 200 when the database answers, else 503 with {detail} within HEALTH_TIMEOUT_MS.
import { route, json } from "@/lib/domains/route";
import { databaseHealth, type HealthDegradedJson, type HealthJson } from "@/lib/platform/db/health";
import packageJson from "@/package.json" with { type: "json" };

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "public",
  handler: async () => {
    const database = await databaseHealth();
    if (database.ok) return json({ status: "ok", version: packageJson.version, database } satisfies HealthJson);
    return json(
      { detail: "Database unavailable", code: "unavailable", status: "degraded", version: packageJson.version, database } satisfies HealthDegradedJson,
      503,
      { "Retry-After": "5" },
    );
  },
});
