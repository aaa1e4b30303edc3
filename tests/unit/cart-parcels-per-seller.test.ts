// What the cart's delivery dialog computes per seller (components/shipping/checkout-totals.ts):
// one parcel per seller, which ways the whole parcel can go, and the totals when each
// seller's parcel goes its own way.
import { describe, expect, it } from "vitest";
import { checkoutTotals, sellerGroups, type CheckoutItem } from "@/components/shipping/checkout-totals";
import type { ShippingSizeOption } from "@/components/shipping/types";

const SIZES: ShippingSizeOption[] = [
  { size: "mailbox", max_weight_kg: 2, max_dimensions_cm: { length: 38, width: 26, height: 3 }, prices: { NL: 4.45, BE: 7.95 }, carriers: { NL: "PostNL", BE: "bpost" } },
  { size: "parcel", max_weight_kg: 20, max_dimensions_cm: { length: 80, width: 50, height: 35 }, prices: { NL: 7.25, BE: 13.75 }, carriers: { NL: "PostNL", BE: "bpost" } },
];

const item = (over: Partial<CheckoutItem>): CheckoutItem => ({
  productId: "p",
  title: "Lamp",
  price: 40,
  sellerId: "a",
  sellerName: "Lotte",
  pickup: true,
  shipping: false,
  parcelSize: null,
  place: "Haarlem",
  ...over,
});

describe("sellerGroups", () => {
  it("groups a seller's items, with the ways all of them allow and the largest size", () => {
    const groups = sellerGroups([
      item({ productId: "1", sellerId: "a" }),
      item({ productId: "2", sellerId: "b", sellerName: "Bram", pickup: true, shipping: true, parcelSize: "mailbox", place: "Utrecht" }),
      item({ productId: "3", sellerId: "b", sellerName: "Bram", pickup: false, shipping: true, parcelSize: "parcel", place: "Utrecht" }),
    ]);
    expect(groups.map((g) => [g.sellerId, g.sellerName, g.items.length, g.pickup, g.shipping, g.size, g.place])).toEqual([
      ["a", "Lotte", 1, true, false, "parcel", "Haarlem"],
      ["b", "Bram", 2, false, true, "parcel", "Utrecht"],
    ]);
  });
});

describe("checkoutTotals per item", () => {
  it("charges shipping only for the parcel that is shipped, and the fee on every item", () => {
    const items = [item({ productId: "1", sellerId: "a" }), item({ productId: "2", sellerId: "b", pickup: false, shipping: true, parcelSize: "parcel" })];
    const totals = checkoutTotals(items, (i) => (i.sellerId === "b" ? "shipping" : "pickup"), SIZES, "NL");
    expect(totals).toEqual({ itemsCents: 8000, feeCents: 400, shippingCents: 725, totalCents: 9125, parcels: 1 });
  });
});
