/**
 * The shipment body MyParcel's POST /shipments takes (docs/shipping-providers.md): the
 * recipient (a home address, or the buyer's name at a service point), the seller as
 * sender, the package type and delivery options, and the pickup location.
 */
import type { Carrier, CreateShipmentInput } from "./types";

export const MYPARCEL_CARRIER_IDS: Record<Carrier, number> = { postnl: 1, bpost: 2, dhl: 9 };

/** A postcode as MyParcel takes it: no spaces, capitals ("1234AB", "1000"). */
export const compactPostcode = (postcode: string) => postcode.replace(/\s+/g, "").toUpperCase();

/** The shipment MyParcel makes for a parcel: to a home address or a service point. */
export function shipmentBody(input: CreateShipmentInput) {
  const point = input.servicePoint;
  const address = input.address;
  const base = point
    ? { ...point.address, name: input.recipient.name, house_number_suffix: null }
    : address!;
  const belgian = base.country === "BE";
  const suffix = base.house_number_suffix || undefined;
  const asPackage = input.size !== "mailbox" || point !== null;
  const sender = input.sender;
  return {
    reference_identifier: input.reference,
    carrier: MYPARCEL_CARRIER_IDS[input.carrier],
    recipient: {
      cc: base.country,
      postal_code: compactPostcode(base.postcode),
      city: base.city,
      street: base.street,
      number: base.house_number,
      ...(suffix ? (belgian ? { box_number: suffix } : { number_suffix: suffix }) : {}),
      person: base.name.slice(0, 40),
      email: input.recipient.email,
    },
    sender: {
      cc: sender.country,
      postal_code: compactPostcode(sender.postcode),
      city: sender.city,
      street: sender.street,
      number: sender.house_number,
      ...(sender.house_number_suffix ? { number_suffix: sender.house_number_suffix } : {}),
      person: sender.name.slice(0, 40),
      email: sender.email,
    },
    options: {
      package_type: asPackage ? 1 : 2,
      ...(input.size === "large" ? { large_format: 1 } : {}),
      ...(point ? { delivery_type: 4, signature: 1 } : asPackage ? { delivery_type: 2 } : {}),
      label_description: input.reference.slice(0, 45),
    },
    ...(point
      ? {
          pickup: {
            location_code: point.id.slice(point.id.indexOf(":") + 1),
            location_name: point.name,
            street: point.address.street,
            number: point.address.house_number,
            postal_code: compactPostcode(point.address.postcode),
            city: point.address.city,
            cc: point.address.country,
          },
        }
      : {}),
  };
}
