// GET /api/users/{id}/profile: anyone. A seller's public profile (no email or phone).
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { getSellerProfile } from "@/lib/domains/catalog";

export const GET = route({
  auth: "public",
  params: z.object({ id: z.string() }),
  handler: ({ params }) => getSellerProfile(params.id),
});
