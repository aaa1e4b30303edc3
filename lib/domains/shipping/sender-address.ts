/**
 * The seller's sender address (docs/returns.md): postcode and house number, the street
 * and town filled in by the address lookup (PDOK; a seller may type them where the
 * lookup knows only the area). Printed on the seller's labels as the sender and on return
 * labels as the recipient; the seller and admins see it, buyers never do (a buyer of a
 * shipped order sees the seller's town only).
 */
import { z } from "zod";
import { AppError } from "@/lib/platform/api/errors";
import { db } from "@/lib/platform/db/client";
import { findPostalAddress, lookupAddress } from "@/lib/domains/geo";
import type { Address } from "./providers";
import type { SavedSenderAddressJson, SenderAddressAnswerJson, SenderAddressJson } from "./responses";
import { deliveryPostcode, POSTCODE_MESSAGE } from "./schemas";
import { splitStreet } from "./shipments";

const optionalText = (max: number) => z.string().trim().max(max, `at most ${max} characters`).nullish();

export const senderAddressBody = z.object({
  postcode: z.string({ error: "postcode is required" }).refine((v) => deliveryPostcode(v, "NL") !== null, POSTCODE_MESSAGE.NL),
  house_number: z.string({ error: "house_number is required" }).trim().regex(/^\d{1,5}$/, "house_number is a number"),
  house_number_suffix: optionalText(6),
  /** Only where the lookup cannot fill them in. */
  street: optionalText(100),
  city: optionalText(60),
});
export type SenderAddressInput = z.infer<typeof senderAddressBody>;

type Row = { street: string; houseNumber: string; houseNumberSuffix: string | null; postcode: string; city: string };
const json = (row: Row): SenderAddressJson => ({
  street: row.street,
  house_number: row.houseNumber,
  house_number_suffix: row.houseNumberSuffix,
  postcode: row.postcode,
  city: row.city,
  country: "NL",
});

/** GET /api/shipping/sender-address: the caller's own, or null. */
export async function senderAddressOf(userId: string): Promise<SenderAddressAnswerJson> {
  const row = await db.senderAddress.findUnique({ where: { userId } });
  return { sender_address: row ? json(row) : null };
}

/** PUT /api/shipping/sender-address: looks the postcode and number up, fills in the rest, stores it. */
export async function saveSenderAddress(userId: string, input: SenderAddressInput): Promise<SavedSenderAddressJson> {
  const postcode = deliveryPostcode(input.postcode, "NL")!;
  // The address register by postcode and number names street and town exactly.
  const exact = await findPostalAddress(postcode.replace(" ", ""), input.house_number, input.house_number_suffix || null);
  if (exact && exact !== "unavailable") return store(userId, { ...input, street: exact.street, city: exact.city }, postcode);
  // Else a geocoder's answer for the text; the lookup fills in; when it is down, what the seller typed is enough.
  const found = await lookupAddress(`${postcode.replace(" ", "")} ${input.house_number}${input.house_number_suffix ?? ""}`).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 503) return null;
    throw error;
  });
  // An exact answer names the street; an approximate one (an area) names the town at most.
  const street = (found && !found.approximate ? splitStreet(found.formattedAddress).street : null) || input.street || null;
  const city = (found && !found.approximate ? found.city : null) || input.city || found?.city || null;
  if (!street || !city) {
    const detail = "We could not find this address: check the postcode and house number, or enter the street and town";
    throw new AppError("validation", detail, { code: "address_not_found", errors: [{ field: street ? "city" : "street", message: detail }] });
  }
  return store(userId, { ...input, street, city }, postcode);
}

async function store(userId: string, input: SenderAddressInput & { street: string; city: string }, postcode: string): Promise<SavedSenderAddressJson> {
  const data = { street: input.street, houseNumber: input.house_number, houseNumberSuffix: input.house_number_suffix || null, postcode, city: input.city };
  const row = await db.senderAddress.upsert({ where: { userId }, create: { userId, ...data }, update: data });
  return { sender_address: json(row) };
}

/** The seller's address for a label, or null when they have not given one. */
export async function senderAddressFor(userId: string, name: string): Promise<Address | null> {
  const row = await db.senderAddress.findUnique({ where: { userId } });
  if (!row) return null;
  return { name, street: row.street, house_number: row.houseNumber, house_number_suffix: row.houseNumberSuffix, postcode: row.postcode, city: row.city, country: "NL" };
}
