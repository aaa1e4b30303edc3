// GET /api/shipping/service-points?postcode=1012AB&country=NL: carrier service points and
// parcel lockers near a postcode, nearest first (docs/shipping.md).
import { enforce } from "@/lib/platform/api/rate-limit";
import { route } from "@/lib/domains/route";
import { listServicePoints, servicePointsQuery } from "@/lib/domains/shipping";

/** Each lookup may be a call to the carrier's API: 60 per address per 10 minutes. */
const LOOKUP_LIMIT = { max: 60, windowSeconds: 600 };

export const GET = route({
  auth: "public",
  query: servicePointsQuery,
  handler: async ({ query, ip }) => {
    await enforce({ key: `service-points:${ip}`, ...LOOKUP_LIMIT });
    return listServicePoints(query);
  },
});
