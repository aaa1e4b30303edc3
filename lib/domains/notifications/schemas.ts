import { z } from "zod";
import { isUuid } from "@/lib/platform/api/ids";
import { NOTIFICATIONS_MAX_LIMIT } from "./limits";

const id = z.string().refine(isUuid, "Invalid notification id");

/** GET /api/notifications?limit=&read=true|false&before=<id>; limits above 50 are capped. */
export const notificationListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .transform((n) => Math.min(n, NOTIFICATIONS_MAX_LIMIT))
    .optional(),
  read: z.enum(["true", "false"], { error: "read must be true or false" }).transform((v) => v === "true").optional(),
  before: id.optional(),
});

/** A notification id in the path: a malformed one is as unknown as a missing one. */
export const notificationParams = z.object({ id: z.string() });
