/**
 * MyParcel return shipments (developer.myparcel.nl, "Create related return shipment"):
 * POST /shipments as application/vnd.return_shipment+json with `parent`, the outbound
 * shipment, so MyParcel sends the return to that shipment's sender (the seller); without
 * one (a pickup withdrawn) as application/vnd.unrelated_return_shipment+json. Found again
 * by our reference first, then its barcode as for an outbound shipment.
 */
import type { MyParcelHttp } from "./myparcel-http";
import { idsSchema, labelLinkSchema, myParcelTrackingUrl, type MyParcelShipment } from "./myparcel";
import { MYPARCEL_CARRIER_IDS } from "./myparcel-shipment";
import { ShippingProviderError, type CreatedShipment, type CreateReturnInput } from "./types";

type Deps = {
  http: MyParcelHttp;
  findShipments: (query: Record<string, string>) => Promise<MyParcelShipment[]>;
  getShipment: (id: string) => Promise<MyParcelShipment>;
};

export async function createMyParcelReturn({ http, findShipments, getShipment }: Deps, input: CreateReturnInput): Promise<CreatedShipment> {
  const existing = (await findShipments({ reference_identifier: input.reference })).find(
    (candidate) => candidate.reference_identifier === input.reference,
  );
  let id = existing?.id;
  if (id === undefined) {
    const related = input.parentProviderShipmentId !== null && /^\d+$/.test(input.parentProviderShipmentId);
    const created = await http.json(
      {
        method: "POST",
        path: "shipments",
        contentType: related
          ? "application/vnd.return_shipment+json;charset=utf-8"
          : "application/vnd.unrelated_return_shipment+json;charset=utf-8",
        body: {
          return_shipments: [
            {
              ...(related ? { parent: Number(input.parentProviderShipmentId) } : {}),
              reference_identifier: input.reference,
              carrier: MYPARCEL_CARRIER_IDS[input.carrier],
              email: input.sender.email,
              name: input.sender.name.slice(0, 40),
              options: {
                package_type: input.size === "mailbox" ? 2 : 1,
                ...(input.size === "large" ? { large_format: 1 } : {}),
                label_description: input.reference.slice(0, 45),
              },
            },
          ],
        },
      },
      idsSchema,
    );
    id = created.data.ids[0]!.id;
  }
  let shipment = existing?.id === id && existing.barcode ? existing : await getShipment(String(id));
  if (!shipment.barcode) {
    await http.json({ method: "GET", path: `shipment_labels/${id}`, accept: "application/json;charset=utf-8" }, labelLinkSchema);
    shipment = await getShipment(String(id));
  }
  if (!shipment.barcode) {
    throw new ShippingProviderError("unavailable", `MyParcel return shipment ${id} has no barcode after its label was made`);
  }
  return {
    providerShipmentId: String(id),
    carrier: input.carrier,
    trackingCode: shipment.barcode,
    trackingUrl: myParcelTrackingUrl(shipment.barcode, input.address.postcode, input.address.country),
  };

}
