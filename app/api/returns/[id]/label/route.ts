// GET /api/returns/{id}/label: the return label as a PDF, for the buyer who sends the
// item back only (403 for the seller and admins, 404 for anyone else).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { returnLabel } from "@/lib/domains/shipping";

export const GET = route({
  auth: "user",
  params: idParams,
  handler: async ({ user, params }) => {
    const pdf = await returnLabel(user, params.id);
    return new Response(Buffer.from(pdf), {
      headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="retourlabel-${params.id.slice(0, 8)}.pdf"` },
    });
  },
});
