/**
 * A local double of the MyParcel API on 127.0.0.1 (random port), for tests that drive our
 * client (lib/domains/shipping/providers/myparcel.ts with `apiUrl: double.url`). It
 * implements the endpoints the client calls, as developer.myparcel.nl documents them,
 * keeps shipments and webhook subscriptions in memory and records every request.
 *
 * Like MyParcel it requires `Authorization: basic|bearer base64(API key)` on every private
 * endpoint (401 with an `errors` body otherwise; /pickup_locations is public), refuses a
 * POST /shipments whose Content-Type is not application/vnd.shipment+json;version=1.1
 * (415), checks the shipment fields MyParcel requires (422: recipient cc/city/street/
 * number/postal_code/person, package_type, a `pickup` for delivery_type 4, delivery types
 * only on packages, signature on pickup, no bpost on a MyParcel.nl account), keeps a new
 * shipment a concept (status 1, no barcode) until its label is first asked for, which
 * registers it (status 2) and gives it a barcode, and answers labels as PDF bytes (Accept
 * application/pdf) or a download link (Accept application/json).
 *
 * Tests drive the rest with setStatus (the carrier scanned the parcel) and fail (the next
 * request to a path fails once with that status).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument, StandardFonts } from "pdf-lib";

type Json = Record<string, unknown>;

export type MyParcelRecordedRequest = {
  method: string;
  /** Without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: unknown;
};

export type MyParcelDoubleShipment = Json & { id: number; status: number; barcode: string | null };

export type MyParcelDouble = {
  url: string;
  apiKey: string;
  requests: MyParcelRecordedRequest[];
  requestsTo(method: string, pathPrefix: string): MyParcelRecordedRequest[];
  shipment(id: number | string): MyParcelDoubleShipment | undefined;
  /** MyParcel's shipment_status (3 handed to carrier … 7 delivered, 11 returned). */
  setStatus(id: number | string, status: number): void;
  webhookSubscriptions: Json[];
  fail(pathPrefix: string, status: number, message?: string): void;
  clear(): void;
  close(): Promise<void>;
};

class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 0,
  ) {
    super(message);
  }
}

const refuse = (message: string, code = 3501) => new ApiError(422, message, code);

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function text(record: Json, field: string): string | undefined {
  const value = record[field];
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

const MYPARCEL_NL_CARRIERS = new Set([1, 3, 4, 9, 10, 11, 12, 13, 14, 15, 16, 17]);

function validateShipment(shipment: unknown, index: number): void {
  if (!isObject(shipment)) throw refuse(`data.shipments.${index} must be an object`);
  const carrier = shipment.carrier;
  if (carrier === 2) throw refuse("Carrier bpost is not available on platform myparcel", 3720);
  if (typeof carrier !== "number" || !MYPARCEL_NL_CARRIERS.has(carrier)) throw refuse(`data.shipments.${index}.carrier is invalid`);
  const recipient = shipment.recipient;
  if (!isObject(recipient)) throw refuse(`data.shipments.${index}.recipient is required`);
  for (const field of ["cc", "city", "street", "postal_code", "person"]) {
    if (!text(recipient, field)) throw refuse(`data.shipments.${index}.recipient.${field} is required`);
  }
  if (["NL", "BE"].includes(String(recipient.cc)) && !text(recipient, "number")) {
    throw refuse(`data.shipments.${index}.recipient.number is required`);
  }
  if (recipient.cc === "NL" && !/^[1-9]\d{3}[A-Z]{2}$/.test(String(recipient.postal_code))) {
    throw refuse(`data.shipments.${index}.recipient.postal_code is not a Dutch postal code`);
  }
  if (String(recipient.person).length > 40) throw refuse(`data.shipments.${index}.recipient.person is too long`);
  const options = shipment.options;
  if (!isObject(options) || typeof options.package_type !== "number" || options.package_type < 1 || options.package_type > 7) {
    throw refuse(`data.shipments.${index}.options.package_type is required`);
  }
  const deliveryType = options.delivery_type;
  if (deliveryType !== undefined && deliveryType !== null && options.package_type !== 1) {
    throw refuse("Delivery types are only available for package type 1");
  }
  if (deliveryType === 4) {
    const pickup = shipment.pickup;
    if (!isObject(pickup) || !text(pickup, "postal_code") || !text(pickup, "location_name")) {
      throw refuse(`data.shipments.${index}.pickup is required for delivery_type 4`);
    }
    if (options.signature !== 1) throw refuse("Signature is required for pickup delivery");
  }
}

async function labelPdf(barcodes: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const barcode of barcodes) {
    pdf.addPage([298, 420]).drawText(`MyParcel double label ${barcode}`, { x: 20, y: 380, size: 10, font });
  }
  return pdf.save();
}

export async function startMyParcelDouble(options: { apiKey?: string } = {}): Promise<MyParcelDouble> {
  const apiKey = options.apiKey ?? "myparcel-double-api-key";
  const shipments = new Map<number, MyParcelDoubleShipment>();
  const webhookSubscriptions: Json[] = [];
  const requests: MyParcelRecordedRequest[] = [];
  const failures: { pathPrefix: string; status: number; message: string }[] = [];
  let nextId = 100_001;
  let nextSubscription = 1;

  function authorize(req: IncomingMessage): void {
    const match = /^(basic|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? "");
    const decoded = match ? Buffer.from(match[2]!, "base64").toString("utf8") : null;
    if (decoded !== apiKey) throw new ApiError(401, "Access Denied", 3000);
  }

  function view(shipment: MyParcelDoubleShipment): Json {
    return structuredClone(shipment);
  }

  function register(shipment: MyParcelDoubleShipment): void {
    if (shipment.status !== 1) return;
    shipment.status = 2;
    shipment.barcode = `3SMYPA${String(shipment.id).padStart(9, "0")}`;
    shipment.modified = "2026-11-27 10:00:00";
  }

  async function handle(req: IncomingMessage, url: URL, body: unknown): Promise<{ status: number; json?: unknown; bytes?: Uint8Array; type?: string }> {
    const path = url.pathname.replace(/\/+$/, "");
    const method = req.method ?? "GET";
    if (method === "GET" && path === "/pickup_locations") return pickupLocations(url);
    authorize(req);

    if (method === "POST" && path === "/shipments" && /^application\/vnd\.(unrelated_)?return_shipment\+json/.test(req.headers["content-type"] ?? "")) {
      // Return shipments: a related one goes back to its parent's sender.
      const related = !(req.headers["content-type"] ?? "").includes("unrelated");
      const list = isObject(body) && isObject(body.data) ? body.data.return_shipments : undefined;
      if (!Array.isArray(list) || list.length === 0) throw refuse("data.return_shipments is required");
      const ids = (list as Json[]).map((input, index) => {
        if (typeof input.carrier !== "number" || !MYPARCEL_NL_CARRIERS.has(input.carrier)) throw refuse(`data.return_shipments.${index}.carrier is invalid`);
        if (!text(input, "email") || !text(input, "name")) throw refuse(`data.return_shipments.${index}.email and name are required`);
        const parent = related ? shipments.get(Number(input.parent)) : undefined;
        if (related && !parent) throw refuse(`data.return_shipments.${index}.parent is not a shipment`);
        const id = nextId++;
        shipments.set(id, {
          ...structuredClone(input),
          id,
          carrier_id: input.carrier,
          recipient: parent ? structuredClone(parent.sender) : null,
          reference_identifier: typeof input.reference_identifier === "string" ? input.reference_identifier : null,
          status: 1,
          barcode: null,
          created: "2026-11-27 09:00:00",
          modified: "2026-11-27 09:00:00",
        } as MyParcelDoubleShipment);
        return { id, reference_identifier: input.reference_identifier ?? null };
      });
      return { status: 200, json: { data: { ids } } };
    }

    if (method === "POST" && path === "/shipments") {
      const type = req.headers["content-type"] ?? "";
      if (!type.startsWith("application/vnd.shipment+json") || !/version=1\.1/.test(type)) {
        throw new ApiError(415, `Unsupported media type: ${type}`, 3010);
      }
      const list = isObject(body) && isObject(body.data) ? body.data.shipments : undefined;
      if (!Array.isArray(list) || list.length === 0) throw refuse("data.shipments is required");
      list.forEach(validateShipment);
      if (list.some((s) => isObject(s) && isObject(s.sender)) && req.headers["x-dmp-set-custom-sender"] !== "true") {
        throw refuse("A custom sender needs the x-dmp-set-custom-sender header");
      }
      const ids = (list as Json[]).map((input) => {
        const id = nextId++;
        shipments.set(id, {
          ...structuredClone(input),
          id,
          carrier_id: input.carrier,
          reference_identifier: typeof input.reference_identifier === "string" ? input.reference_identifier : null,
          status: 1,
          barcode: null,
          created: "2026-11-27 09:00:00",
          modified: "2026-11-27 09:00:00",
        });
        return { id, reference_identifier: input.reference_identifier ?? null };
      });
      return { status: 200, json: { data: { ids } } };
    }

    if (method === "GET" && path === "/shipments") {
      const reference = url.searchParams.get("reference_identifier");
      const found = [...shipments.values()].filter((s) => reference === null || s.reference_identifier === reference);
      return { status: 200, json: { data: { shipments: found.map(view), page: 1, size: 30, results: found.length } } };
    }

    const shipmentMatch = /^\/shipments\/(\d+(?:;\d+)*)$/.exec(path);
    if (method === "GET" && shipmentMatch) {
      const found = shipmentMatch[1]!.split(";").flatMap((id) => shipments.get(Number(id)) ?? []);
      return { status: 200, json: { data: { shipments: found.map(view) } } };
    }

    const labelMatch = /^\/shipment_labels\/(\d+(?:;\d+)*)$/.exec(path);
    if (method === "GET" && labelMatch) {
      const found = labelMatch[1]!.split(";").map((id) => shipments.get(Number(id)));
      if (found.some((s) => s === undefined)) throw new ApiError(404, "Shipment not found", 3001);
      const list = found as MyParcelDoubleShipment[];
      list.forEach(register);
      const accept = req.headers.accept ?? "application/pdf";
      if (accept.includes("application/json") || accept.includes("shipment_label_link")) {
        return { status: 200, json: { data: { pdfs: { url: `/pdfs/${list.map((s) => s.id).join("-")}` } } } };
      }
      if (!accept.includes("application/pdf") && !accept.includes("*/*")) throw new ApiError(406, `Not acceptable: ${accept}`);
      return { status: 200, bytes: await labelPdf(list.map((s) => s.barcode!)), type: "application/pdf" };
    }

    if (method === "POST" && path === "/webhook_subscriptions") {
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) throw new ApiError(415, "Unsupported media type");
      const list = isObject(body) && isObject(body.data) ? body.data.webhook_subscriptions : undefined;
      if (!Array.isArray(list) || list.length === 0) throw refuse("data.webhook_subscriptions is required");
      const ids = (list as unknown[]).map((item) => {
        if (!isObject(item) || !["shipment_status_change", "shipment_label_created", "order_status_change"].includes(String(item.hook))) {
          throw refuse("hook is invalid");
        }
        if (!String(item.url).startsWith("https://")) throw refuse("url must use https");
        // One subscription per hook: a new one replaces the old.
        const existing = webhookSubscriptions.findIndex((s) => s.hook === item.hook);
        if (existing >= 0) webhookSubscriptions.splice(existing, 1);
        const id = nextSubscription++;
        webhookSubscriptions.push({ id, hook: item.hook, url: item.url });
        return { id };
      });
      return { status: 200, json: { data: { ids } } };
    }
    throw new ApiError(404, `No route for ${method} ${path}`);
  }

  function pickupLocations(url: URL): { status: number; json: unknown } {
    const cc = (url.searchParams.get("cc") ?? "").toUpperCase();
    const postcode = url.searchParams.get("postal_code");
    if (!["NL", "BE"].includes(cc) || !postcode) throw refuse("cc (NL or BE) and postal_code are required", 3212);
    if (!url.searchParams.get("number") && !url.searchParams.get("street")) throw refuse("number or street is required", 3212);
    const hours = (from: string, to: string) => [
      { start: { date: `2026-11-30 ${from}:00.000000`, timezone_type: 3, timezone: "Europe/Amsterdam" }, end: { date: `2026-11-30 ${to}:00.000000`, timezone_type: 3, timezone: "Europe/Amsterdam" } },
    ];
    const location = (code: string, name: string, street: string, number: string, postal: string, city: string, distance: string) => ({
      address: { cc, city, street, postal_code: postal, number },
      possibilities: [{ delivery_type_id: 4, delivery_type_name: "pickup", moment: { start: { date: "2026-11-28 16:00:00.000000", timezone_type: 3, timezone: "Europe/Amsterdam" } } }],
      location: {
        location_name: name,
        retail_network_id: "PNPNL-01",
        distance,
        latitude: "52.30329367",
        longitude: "4.69476214",
        location_code: code,
        phone_number: null,
        opening_hours: { monday: hours("09:00", "18:00"), tuesday: hours("09:00", "18:00"), saturday: hours("10:00", "17:00"), sunday: [] },
      },
    });
    const carrier = url.searchParams.get("carrier") ?? "postnl";
    const list =
      carrier === "postnl"
        ? [
            location("176227", "Primera Sanders", "Polderplein", "3", "2132BA", "Hoofddorp", "1696"),
            location("204512", "PostNL Pakketautomaat Station", "Stationsplein", "1", "2132AA", "Hoofddorp", "830"),
          ]
        : [];
    return { status: 200, json: { data: { pickup_locations: list } } };
  }

  const server = createServer((req, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", "http://127.0.0.1");
        const raw = Buffer.concat(chunks).toString("utf8");
        let body: unknown = undefined;
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        try {
          if (raw) {
            try {
              body = JSON.parse(raw);
            } catch {
              throw new ApiError(400, "Malformed JSON", 3002);
            }
          }
          requests.push({ method: req.method ?? "GET", path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body });
          const failure = failures.findIndex((f) => url.pathname.startsWith(f.pathPrefix));
          if (failure >= 0) {
            const [f] = failures.splice(failure, 1);
            throw new ApiError(f!.status, f!.message);
          }
          const answer = await handle(req, url, body);
          if (answer.bytes) {
            res.writeHead(answer.status, { "Content-Type": answer.type!, "Content-Disposition": 'attachment; filename="label.pdf"' });
            res.end(Buffer.from(answer.bytes));
          } else {
            res.writeHead(answer.status, { "Content-Type": "application/json;charset=utf-8" });
            res.end(JSON.stringify(answer.json));
          }
        } catch (error) {
          const status = error instanceof ApiError ? error.status : 500;
          const message = error instanceof Error ? error.message : "Internal error";
          const code = error instanceof ApiError ? error.code : 0;
          res.writeHead(status, { "Content-Type": "application/json;charset=utf-8" });
          res.end(JSON.stringify({ message, errors: [{ status, code, title: message, message, human: [message] }] }));
        }
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    requestsTo: (method, pathPrefix) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)),
    shipment: (id) => {
      const found = shipments.get(Number(id));
      return found && (structuredClone(found) as MyParcelDoubleShipment);
    },
    setStatus(id, status) {
      const found = shipments.get(Number(id));
      if (!found) throw new Error(`myparcel double: no shipment ${id}`);
      register(found);
      found.status = status;
      found.modified = "2026-11-28 14:30:00";
    },
    webhookSubscriptions,
    fail(pathPrefix, status, message = "Failure injected by the test") {
      failures.push({ pathPrefix, status, message });
    },
    clear() {
      requests.length = 0;
      failures.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
