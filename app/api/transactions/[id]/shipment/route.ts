// POST /api/transactions/{id}/shipment: the seller makes the parcel's label (409 unless
// the order is held, shipped and not yet settled; a repeat returns the same shipment).
import { route } from "@/lib/domains/route";
import { idParams } from "@/lib/domains/orders";
import { createShipment } from "@/lib/domains/shipping";

export const POST = route({ auth: "user", params: idParams, handler: ({ user, params }) => createShipment(user, params.id) });
