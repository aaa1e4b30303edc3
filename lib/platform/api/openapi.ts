/**
 * The OpenAPI 3.1 document of /api (docs/api.md, "The OpenAPI document"), built from the
 * zod schemas the route handlers validate with. Each domain declares its operations in
 * its `openapi.ts` (summary, success answer, the errors its services give); the route
 * wrapper keeps what a route itself checks (who may call, params, query, body, status),
 * and the composition (app/api/openapi.json) joins the two: every route method needs an
 * operation and every operation a route method. This file knows no domain.
 */
import { z, type ZodType } from "zod";
import { ERROR_CODES } from "./error-codes";
import type { Access } from "./route";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What the route wrapper validates, read off a handler made by `route()`. */
export type RouteSpecInfo = { auth: Access; params?: ZodType; query?: ZodType; body?: ZodType; status?: number };

/** A further success answer: not JSON (a PDF, an image, a stream, a redirect), or without a content type the same JSON as the main answer. */
export type RawAnswer = { status: number; description: string; contentType?: string };

export type OperationDoc = {
  method: HttpMethod;
  /** OpenAPI form: /api/products/{id}. */
  path: string;
  summary: string;
  description?: string;
  /** The JSON body of the success answer; null for none (204). Omitted: any JSON object. */
  response?: ZodType | null;
  /** The success status when the route does not say it (a handler that returns its own Response). */
  status?: number;
  /** Further answers: another success status with its JSON, or a non-JSON answer. */
  extra?: (RawAnswer | { status: number; description: string; schema: ZodType })[];
  /** Error statuses the domain gives beyond those the wrapper adds (400, 404, 409, 429, ...). */
  errors?: number[];
  /** For handlers not made with route(): what they check themselves. */
  auth?: Access;
  query?: ZodType;
  body?: ZodType;
  /** The request body's media type when it is not JSON (multipart uploads, webhooks). */
  bodyContentType?: string;
  /** Response headers of the success answer (X-Total-Count, ...). */
  headers?: string[];
  /** Machine-only callers (cron, webhooks): not signed in with a user's session. */
  security?: Record<string, string[]>[];
};

export type RouteMethod = { path: string; method: HttpMethod; spec?: RouteSpecInfo };

/** Every error: `{detail, code, errors?}` plus a few documented extras (request_id, reason, ...). */
export const apiErrorSchema = z
  .looseObject({
    detail: z.string().describe("English text for people and logs; clients decide by code"),
    code: z.enum(ERROR_CODES),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .describe("An error");

/** A multipart upload of one file in the field `file` (photos). */
export const fileUploadBody = z.object({ file: z.string().meta({ format: "binary" }).describe("The image (JPEG, PNG or WebP)") });

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request", 401: "Not signed in, or the token expired", 402: "Payment required",
  403: "Not allowed (forbidden, admin_only, bad_origin, banned)", 404: "Not found, or not yours to know about",
  409: "Conflicts with the current state", 410: "Gone", 413: "Body or upload too large", 414: "Query string too long",
  415: "Unsupported media type", 422: "Validation failed (errors[] by field)", 429: "Rate limited (Retry-After)",
  500: "Unexpected error (request_id)", 502: "A provider failed", 503: "Unavailable or busy (Retry-After)",
};

const HEADER_TEXT: Record<string, string> = {
  "X-Total-Count": "The number of items in the whole list",
  "X-Total-Count-Capped": "true when the count stopped at 1,000",
  "X-Search-Suggestion": "A corrected search (URL-encoded) when the words as typed found nothing",
  "X-Next-Cursor": "The cursor of the next page (?cursor=)",
  "Retry-After": "Seconds to wait",
};

type Json = Record<string, unknown>;

function jsonSchema(schema: ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "any", reused: "inline", cycles: "throw" }) as Json;
  delete out.$schema;
  return out;
}

/** The wrapper's own refusals for a route with this spec (lib/platform/api/route.ts). */
export function wrapperErrors(method: HttpMethod, spec: RouteSpecInfo): number[] {
  const out = [414, 500, 503];
  if (spec.auth === "user" || spec.auth === "admin") out.push(401, 403);
  if (method !== "GET" && method !== "HEAD") out.push(403, 429);
  if (spec.params || spec.query || spec.body) out.push(422);
  if (spec.body) out.push(400, 413);
  return out;
}

function security(auth: Access | undefined): Record<string, string[]>[] | undefined {
  if (auth === "user" || auth === "admin") return [{ bearer: [] }, { session: [] }];
  if (auth === "optional") return [{}, { bearer: [] }, { session: [] }];
  return [];
}

function parameters(path: string, spec: RouteSpecInfo | undefined, op: OperationDoc): Json[] {
  const out: Json[] = [];
  const pathSchema = spec?.params ? jsonSchema(spec.params, "input") : undefined;
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    const schema = (pathSchema?.properties as Record<string, Json> | undefined)?.[name!] ?? { type: "string" };
    out.push({ name, in: "path", required: true, schema });
  }
  const query = spec?.query ?? op.query;
  if (query) {
    const schema = jsonSchema(query, "input");
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
      const { description, ...rest } = property;
      out.push({ name, in: "query", required: required.has(name), schema: rest, ...(description ? { description } : {}) });
    }
  }
  return out;
}

function requestBody(spec: RouteSpecInfo | undefined, op: OperationDoc): Json | undefined {
  const body = spec?.body ?? op.body;
  if (!body) return undefined;
  // The apps send some calls with no body (an empty body counts as {}).
  const required = !body.safeParse({}).success;
  return { required, content: { [op.bodyContentType ?? "application/json"]: { schema: jsonSchema(body, "input") } } };
}

function successResponses(spec: RouteSpecInfo | undefined, op: OperationDoc): Json {
  const status = op.status ?? spec?.status ?? 200;
  const headers = op.headers?.length
    ? { headers: Object.fromEntries(op.headers.map((h) => [h, { description: HEADER_TEXT[h] ?? h, schema: { type: "string" } }])) }
    : {};
  const out: Json = {};
  if (op.response === null) out[status] = { description: "Done, no body", ...headers };
  else {
    const schema = op.response ? jsonSchema(op.response, "output") : { type: "object", description: "A JSON object" };
    out[status] = { description: "Success", ...headers, content: { "application/json": { schema } } };
  }
  for (const answer of op.extra ?? []) {
    if ("schema" in answer) out[answer.status] = { description: answer.description, content: { "application/json": { schema: jsonSchema(answer.schema, "output") } } };
    else if (answer.status >= 300 && answer.status < 400) {
      out[answer.status] = { description: answer.description, headers: { Location: { description: "Where to go", schema: { type: "string" } } } };
    } else if (answer.contentType) {
      // Beside the JSON of the same status (?format=csv), or the only content (a PDF).
      const same = out[answer.status] as { content?: Json } | undefined;
      out[answer.status] = { description: answer.description, content: { ...same?.content, [answer.contentType]: {} } };
    }
    // Another status with the same JSON (200 when a repeat finds what 201 made).
    else out[answer.status] = { ...(out[status] as Json), description: answer.description };
  }
  return out;
}

function operationObject(route: RouteMethod, op: OperationDoc, tag: string): Json {
  const spec = route.spec;
  const auth = spec?.auth ?? op.auth;
  const responses = successResponses(spec, op);
  const errors = new Set([...(spec ? wrapperErrors(route.method, spec) : [500]), ...(op.errors ?? [])]);
  for (const status of [...errors].sort()) {
    if (responses[status]) continue;
    responses[status] = { $ref: `#/components/responses/E${status}` };
  }
  const body = requestBody(spec, op);
  const params = parameters(op.path, spec, op);
  return {
    tags: [tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    operationId: `${route.method.toLowerCase()}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    security: op.security ?? security(auth),
  };
}

/** The Next route pattern /api/products/[id] in OpenAPI form, /api/products/{id}. */
export function openApiPath(pattern: string): string {
  return pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]\]?/g, "{$1}");
}

export type TaggedOperations = { tag: string; description: string; operations: OperationDoc[] };

/**
 * The document for `routes` (every exported method of every route file) described by
 * `domains`. Throws when a route method has no operation or an operation no route.
 */
export function buildOpenApiDocument(input: { version: string; routes: RouteMethod[]; domains: TaggedOperations[] }): Json {
  const byKey = new Map<string, { op: OperationDoc; tag: string }>();
  for (const { tag, operations } of input.domains) {
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (byKey.has(key)) throw new Error(`OpenAPI: ${key} is declared twice`);
      byKey.set(key, { op, tag });
    }
  }
  const paths: Record<string, Json> = {};
  const missing: string[] = [];
  for (const route of input.routes) {
    const key = `${route.method} ${route.path}`;
    const found = byKey.get(key);
    if (!found) {
      missing.push(key);
      continue;
    }
    byKey.delete(key);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationObject(route, found.op, found.tag);
  }
  if (missing.length) throw new Error(`OpenAPI: no operation declared for ${missing.join(", ")}`);
  if (byKey.size) throw new Error(`OpenAPI: operations without a route: ${[...byKey.keys()].join(", ")}`);
  const errorSchema = jsonSchema(apiErrorSchema, "output");
  return {
    openapi: "3.1.0",
    info: {
      title: "Kringwaar API",
      version: input.version,
      description: "The API the Kringwaar web pages and the iOS and Android apps share. JSON with snake_case names; errors are {detail, code, errors?}; clients decide by code.",
    },
    servers: [{ url: "/" }],
    tags: input.domains.map(({ tag, description }) => ({ name: tag, description })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
    components: {
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(STATUS_TEXT).map(([status, description]) => [
          `E${status}`,
          { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        ]),
      ),
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The access_token of POST /api/auth/login or /api/auth/register (the apps, scripts)" },
        cron: { type: "http", scheme: "bearer", description: "CRON_SECRET, for the scheduler" },
        session: { type: "apiKey", in: "cookie", name: "next-auth.session-token", description: "The web's httpOnly session cookie (__Secure-next-auth.session-token on https); writes must come from our own origin" },
      },
    },
  };
}
