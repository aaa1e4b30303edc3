/**
 * Service points and parcel lockers near a postcode (GET /api/shipping/service-points).
 * Every point the API lists is kept in `service_points`, so a checkout can name one by
 * its id and the order keeps what the buyer saw (name, address, hours).
 */
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import type { Prisma } from "@/lib/platform/db/generated/client";
import { log } from "@/lib/platform/log";
import { deliveryPostcode, POSTCODE_MESSAGE } from "./schemas";
import { shippingProvider } from "./providers";
import type { Country, ServicePoint } from "./providers/types";
import type { ServicePointsJson } from "./responses";

export async function listServicePoints(query: { postcode: string; country: Country }): Promise<ServicePointsJson> {
  const postcode = deliveryPostcode(query.postcode, query.country);
  if (!postcode) {
    throw new AppError("validation", POSTCODE_MESSAGE[query.country], { code: "validation", errors: [{ field: "postcode", message: POSTCODE_MESSAGE[query.country] }] });
  }
  let points: ServicePoint[];
  try {
    points = await shippingProvider().servicePoints({ postcode, country: query.country });
  } catch (error) {
    log().error({ err: error }, "service points lookup failed");
    throw new AppError("unavailable", "Service points cannot be looked up right now", { code: "provider_error" });
  }
  await db.$transaction(
    points.map((point) =>
      db.servicePointCache.upsert({
        where: { id: point.id },
        create: { id: point.id, data: point as unknown as Prisma.InputJsonValue },
        update: { data: point as unknown as Prisma.InputJsonValue },
      }),
    ),
  );
  return { service_points: points };
}

/** A point the API listed before, or null (the checkout answers 422). */
export async function findServicePoint(id: string): Promise<ServicePoint | null> {
  const row = await db.servicePointCache.findUnique({ where: { id } });
  return row ? (row.data as unknown as ServicePoint) : null;
}
