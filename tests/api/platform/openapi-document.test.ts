import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/app/api/openapi.json/document";
import { GET as openApiRoute } from "@/app/api/openapi.json/route";
import { openApiPath } from "@/lib/platform/api/openapi";
import { scanApiRoutes } from "@/scripts/api-methods";
import { call } from "../../support/http";

type Schema = { type?: string; properties?: object; additionalProperties?: unknown; anyOf?: unknown[]; oneOf?: unknown[] };

/** An object schema that names no field: what an operation without `response` gets. */
const isOpenObject = (schema: Schema) =>
  schema.type === "object" && !schema.properties && !schema.additionalProperties && !schema.anyOf && !schema.oneOf;

type Doc = { paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>> };

describe("the OpenAPI document", () => {
  it("passes a standard OpenAPI 3.1 validator", async () => {
    const result = await new Validator().validate(structuredClone(openApiDocument()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("has every route file and each method it exports, and nothing else", () => {
    const doc = openApiDocument() as Doc;
    const expected = scanApiRoutes()
      .flatMap(([pattern, methods]) => methods.filter((m) => m !== "OPTIONS").map((m) => `${m} ${openApiPath(pattern)}`))
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(expected);
    expect(expected.length).toBeGreaterThan(150);
  });

  it("gives every operation a domain tag and the shared error schema for its errors", () => {
    const doc = openApiDocument() as Doc;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        // next-auth's own handler answers its own way: {url} for refused credentials, text for an unknown action.
        if (path === "/api/auth/{nextauth}") continue;
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) >= 400 && !(path === "/api/{path}")) expect(response, `${method} ${path} ${status}`).toEqual({ $ref: `#/components/responses/E${status}` });
        }
      }
    }
  });

  it("describes every JSON answer by its fields (the document itself aside)", () => {
    const doc = openApiDocument() as Doc;
    const open: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (path === "/api/openapi.json") continue;
      for (const [method, op] of Object.entries(item)) {
        for (const [status, response] of Object.entries(op.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>)) {
          const schema = response.content?.["application/json"]?.schema;
          if (schema && isOpenObject(schema)) open.push(`${method.toUpperCase()} ${path} ${status}`);
        }
      }
    }
    expect(open).toEqual([]);
  });

  it("is served at GET /api/openapi.json", async () => {
    const res = await call(openApiRoute, { path: "/api/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    expect(res.body.paths["/api/products/{id}"].get.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(res.body.paths["/api/products"].post.requestBody.content["application/json"].schema.properties).toHaveProperty("title");
  });
});
