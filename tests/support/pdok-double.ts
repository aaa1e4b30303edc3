/**
 * A loopback double of PDOK Locatieserver v3.1's address search (`/free`), for the
 * postcode lookup: it answers the documented response shape from a small register of
 * addresses, filtered by the `fq` the provider sends, and can be made to fail. Tests
 * point PDOK_BASE_URL at it; nothing reaches the internet.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PdokAddressDoc = {
  id: string;
  type: "adres";
  weergavenaam: string;
  straatnaam: string;
  huisnummer: number;
  huisletter?: string;
  huisnummertoevoeging?: string;
  postcode: string;
  woonplaatsnaam: string;
  centroide_ll: string;
};

const doc = (straatnaam: string, huisnummer: number, postcode: string, woonplaatsnaam: string, extra: Partial<PdokAddressDoc> = {}): PdokAddressDoc => {
  const addition = `${extra.huisletter ?? ""}${extra.huisnummertoevoeging ? `-${extra.huisnummertoevoeging}` : ""}`;
  return {
    id: `adr-${postcode}-${huisnummer}${addition}`.toLowerCase(),
    type: "adres",
    weergavenaam: `${straatnaam} ${huisnummer}${addition}, ${postcode} ${woonplaatsnaam}`,
    straatnaam,
    huisnummer,
    postcode,
    woonplaatsnaam,
    centroide_ll: "POINT(5.12131 52.09085)",
    ...extra,
  };
};

/** The double's register: real-looking Dutch addresses. */
export const PDOK_ADDRESSES: PdokAddressDoc[] = [
  doc("Domplein", 29, "3512JE", "Utrecht"),
  doc("Oudegracht", 12, "3511AB", "Utrecht"),
  doc("Oudegracht", 12, "3511AB", "Utrecht", { huisletter: "A" }),
  doc("Grote Markt", 2, "2011RD", "Haarlem", { huisnummertoevoeging: "3" }),
];

export type PdokDouble = {
  baseUrl: string;
  mode: "ok" | "error";
  requests: URL[];
  close: () => Promise<void>;
};

/** `fq` → the postcode and number it filters on (`type:adres AND postcode:… AND huisnummer:…`). */
function filterOf(fq: string | null): { postcode?: string; number?: number } {
  const postcode = /postcode:(\w+)/.exec(fq ?? "")?.[1];
  const number = /huisnummer:(\d+)/.exec(fq ?? "")?.[1];
  return { postcode, number: number ? Number(number) : undefined };
}

export async function startPdokDouble(): Promise<PdokDouble> {
  const double: PdokDouble = { baseUrl: "", mode: "ok", requests: [], close: async () => {} };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://double");
    double.requests.push(url);
    if (double.mode === "error") {
      res.writeHead(503, { "content-type": "text/plain" }).end("Service Unavailable");
      return;
    }
    if (url.pathname !== "/free") {
      res.writeHead(404).end();
      return;
    }
    const { postcode, number } = filterOf(url.searchParams.get("fq"));
    const docs = PDOK_ADDRESSES.filter((d) => (!postcode || d.postcode === postcode) && (number === undefined || d.huisnummer === number));
    res
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ response: { numFound: docs.length, start: 0, maxScore: 9.1, numFoundExact: true, docs } }));
  };
  const server: Server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  double.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return double;
}
