/**
 * The one table of parcel sizes: limits, carrier and price per destination country.
 * Money is integer cents; euros appear only in `shippingOptions()` (the JSON of
 * GET /api/shipping/options).
 *
 * Prices are what the buyer pays, set at the carriers' Dutch consumer rates (rounded, as
 * listed on postnl.nl "Versturen" for 2026 — copied by hand, this machine has no
 * network: check them before going live and change them only here):
 * - mailbox: PostNL brievenbuspakje (≤ 2 kg, 38×26×3 cm) — NL €4.45; to Belgium PostNL's
 *   international small parcel, €7.95.
 * - parcel: PostNL pakket (≤ 20 kg, 80×50×35 cm; PostNL's own limit is 100×50×50 / 23 kg)
 *   — NL €7.25, BE €11.95.
 * - large: PostNL extra groot pakket (`large_format` at MyParcel: up to 175×78×58 cm,
 *   30 kg) — NL €15.95, BE €24.95. (DHL's consumer "groot pakket" is about the same.)
 *
 * Carrier: PostNL for every size and both countries. A Dutch sender's MyParcel.nl account
 * ships to Belgium with PostNL; bpost (MyParcel carrier 2) is only available on
 * SendMyParcel.be, for senders in Belgium (developer.myparcel.nl, data types: carrier).
 * The table keeps a carrier per country and size so that this can change in one place.
 */
import { centsToEuro } from "@/lib/platform/money/cents";
import type { ShippingOptionJson } from "../responses";
import type { Carrier, Country, ParcelSize } from "./types";

export type ParcelSizeSpec = {
  size: ParcelSize;
  /** Dutch name, for labels and logs. */
  name: string;
  maxWeightKg: number;
  maxDimensionsCm: { length: number; width: number; height: number };
  priceCents: Record<Country, number>;
  carrier: Record<Country, Carrier>;
};

/** Smallest first: `sizeRank` is the index. */
export const PARCEL_SIZES: readonly ParcelSizeSpec[] = [
  {
    size: "mailbox",
    name: "brievenbuspakje",
    maxWeightKg: 2,
    maxDimensionsCm: { length: 38, width: 26, height: 3 },
    priceCents: { NL: 445, BE: 795 },
    carrier: { NL: "postnl", BE: "postnl" },
  },
  {
    size: "parcel",
    name: "pakket",
    maxWeightKg: 20,
    maxDimensionsCm: { length: 80, width: 50, height: 35 },
    priceCents: { NL: 725, BE: 1195 },
    carrier: { NL: "postnl", BE: "postnl" },
  },
  {
    size: "large",
    name: "groot pakket",
    maxWeightKg: 30,
    maxDimensionsCm: { length: 176, width: 78, height: 58 },
    priceCents: { NL: 1595, BE: 2495 },
    carrier: { NL: "postnl", BE: "postnl" },
  },
];


export function parcelSize(size: ParcelSize): ParcelSizeSpec {
  const spec = PARCEL_SIZES.find((candidate) => candidate.size === size);
  if (!spec) throw new RangeError(`Unknown parcel size: ${String(size)}`);
  return spec;
}

/** What the buyer pays for shipping one parcel of this size to this country, in cents. */
export function shippingPriceCents(size: ParcelSize, country: Country): number {
  return parcelSize(size).priceCents[country];
}

/** The carrier a parcel of this size to this country goes with. */
export function carrierFor(country: Country, size: ParcelSize): Carrier {
  return parcelSize(size).carrier[country];
}

/** 0 for the smallest size; a cart group ships in the size of its highest rank. */
export function sizeRank(size: ParcelSize): number {
  return PARCEL_SIZES.indexOf(parcelSize(size));
}

/** The largest of some sizes (one parcel for several items of one seller). */
export function largestSize(sizes: readonly ParcelSize[]): ParcelSize {
  if (sizes.length === 0) throw new RangeError("largestSize of no sizes");
  return sizes.reduce((largest, size) => (sizeRank(size) > sizeRank(largest) ? size : largest));
}

/** GET /api/shipping/options: the sizes, smallest first, prices in euros. */
export function shippingOptions(): ShippingOptionJson[] {
  return PARCEL_SIZES.map((spec) => ({
    size: spec.size,
    max_weight_kg: spec.maxWeightKg,
    max_dimensions_cm: { ...spec.maxDimensionsCm },
    prices: { NL: centsToEuro(spec.priceCents.NL), BE: centsToEuro(spec.priceCents.BE) },
    carriers: { ...spec.carrier },
  }));
}
