// GET /api/health: anyone. Database reachability and the app's version (for load balancers).
import { route, json } from "@/lib/api/route";
import { databaseHealth } from "@/lib/db/health";
import packageJson from "@/package.json" with { type: "json" };

export const dynamic = "force-dynamic";

export const GET = route({
  auth: "public",
  handler: async () => {
    const database = await databaseHealth();
    return json(
      { status: database.ok ? "ok" : "degraded", version: packageJson.version, database },
      database.ok ? 200 : 503,
    );
  },
});
