/**
 * The contract check of the API tests: every answer a test receives through call()
 * (tests/support/http.ts) must be one the OpenAPI document lists for that path, method
 * and status, and its JSON must match the document's schema (JSON Schema 2020-12, ajv).
 * A mismatch fails the test with the path, the status and what differs.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument, routesOfHandler } from "@/app/api/openapi.json/document";

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
type Doc = { paths: Record<string, Record<string, { responses: Responses }>>; components: { responses: Responses } };

let ajv: Ajv2020 | undefined;
const validators = new Map<string, ReturnType<Ajv2020["compile"]>>();

function ajvWithDocument(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(openApiDocument() as object, "openapi");
  }
  return ajv;
}

const pointer = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");

/** Throws when the answer is not what the document promises for this handler and method. */
export function checkContract(handler: unknown, method: string, status: number, contentType: string | null, body: unknown): void {
  const routes = routesOfHandler(handler);
  // A handler of a module loaded afresh (a second app instance, a module reset to reach a
  // database that is down) is not the one the document was read from: its answer is not
  // checked here. That every route file is in the document is tests/api/platform/openapi-document.test.ts's.
  if (routes.length === 0) return;
  const route = routes.find((r) => r.method === method) ?? routes.find((r) => r.method === "GET" && method === "HEAD");
  if (!route) return; // a method the route does not export: Next (and proxy.ts) answer it, not the handler
  const doc = openApiDocument() as Doc;
  const where = `${route.method} ${route.path}`;
  const responses = doc.paths[route.path]?.[route.method.toLowerCase()]?.responses ?? {};
  let response = responses[String(status)];
  let base = `openapi#/paths/${pointer(route.path)}/${route.method.toLowerCase()}/responses/${status}`;
  if (!response) {
    throw new Error(`Contract: ${where} answered ${status}, which the OpenAPI document does not list (it lists ${Object.keys(responses).join(", ")}). Body: ${JSON.stringify(body)?.slice(0, 400)}`);
  }
  if (response.$ref) {
    base = `openapi${response.$ref}`;
    response = doc.components.responses[response.$ref.split("/").pop()!]!;
  }
  const media = Object.keys(response.content ?? {});
  if (media.length === 0 || method === "HEAD") return;
  const type = (contentType ?? "").split(";")[0]!.trim();
  if (!media.includes(type)) throw new Error(`Contract: ${where} ${status} answered ${type || "no content type"}, the document says ${media.join(", ")}`);
  if (type !== "application/json" || !response.content?.[type]?.schema) return;
  const ref = `${base}/content/application~1json/schema`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajvWithDocument().compile({ $ref: ref });
    validators.set(ref, validate);
  }
  if (!validate(body)) {
    const errors = ajvWithDocument().errorsText(validate.errors, { dataVar: "body", separator: "\n  " });
    throw new Error(`Contract: ${where} ${status} does not match the OpenAPI document:\n  ${errors}\nBody: ${JSON.stringify(body)?.slice(0, 600)}`);
  }
}
