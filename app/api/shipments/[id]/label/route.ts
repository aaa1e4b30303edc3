// GET /api/shipments/{id}/label: the label as a PDF, for the parcel's seller only.
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { shipmentLabel } from "@/lib/domains/shipping";

export const GET = route({
  auth: "user",
  params: idParams,
  handler: async ({ user, params }) => {
    const pdf = await shipmentLabel(user, params.id);
    return new Response(Buffer.from(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="kringwaar-label-${params.id.slice(0, 8)}.pdf"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
});
