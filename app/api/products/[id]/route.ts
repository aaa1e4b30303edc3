// GET /api/products/{id}: anyone; `reserved_for_you` tells a signed-in buyer that their
// own unfinished checkout holds the product, `your_deal` their paid order or accepted
// offer (the cached product page asks for both).
// PUT and DELETE: the product's seller only.
import { z } from "zod";
import { route } from "@/lib/domains/route";
import { listingSchema } from "@/lib/domains/catalog";
import { deleteProduct, getProduct, updateProduct, viewerOf } from "@/lib/domains/catalog";
import { hasOpenCheckout, viewerDeal } from "@/lib/domains/orders";

const params = z.object({ id: z.string() });

export const GET = route({
  auth: "optional",
  params,
  handler: async ({ params, user }) => {
    // The viewer's deal first: a paid order is also what shows them the exact address,
    // so the product need not look for it again (two statements fewer per view).
    const deal = user ? await viewerDeal(user.id, params.id) : null;
    const product = await getProduct(params.id, viewerOf(user), deal?.kind === "bought");
    const reservedForYou = user !== null && product.status === "reserved" && (await hasOpenCheckout(user.id, product.id));
    const yourDeal = user !== null && user.id !== product.seller_id ? deal : null;
    return { ...product, reserved_for_you: reservedForYou, your_deal: yourDeal };
  },
});

export const PUT = route({
  auth: "user",
  params,
  body: listingSchema,
  handler: ({ params, body, user }) => updateProduct(viewerOf(user)!, params.id, body),
});

export const DELETE = route({
  auth: "user",
  params,
  handler: async ({ params, user }) => {
    await deleteProduct(user.id, params.id);
    // A body rather than 204: the mobile apps parse every answer as JSON.
    return { id: params.id, deleted: true };
  },
});
