// The import rules of docs/architecture.md: ESLint's architecture/imports refuses each
// kind of forbidden import (fixtures linted as if they were files at those paths), and
// the cycle and client-entry checks of scripts/check-architecture.ts find what they must.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { cycles, libEdges } from "../../scripts/architecture/graph";
import { longFiles, MAX_LINES, serverChain } from "../../scripts/check-architecture";

const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function architectureErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "architecture/imports").map((m) => m.message);
}

describe("npm run lint: architecture/imports", () => {
  it("refuses a platform file importing a domain", async () => {
    const errors = await architectureErrors("lib/platform/api/fixture.ts", 'import { notify } from "@/lib/domains/notifications";\nexport const x = notify;\n');
    expect(errors).toEqual([expect.stringContaining("lib/platform knows no domain")]);
  });

  it("refuses reaching past a domain's entry, by alias and by relative path", async () => {
    const byAlias = await architectureErrors("lib/domains/orders/fixture.ts", 'import { notify } from "@/lib/domains/notifications/service";\nexport const x = notify;\n');
    expect(byAlias).toEqual([expect.stringContaining("through its entry")]);
    const byPath = await architectureErrors("app/api/fixture/route.ts", 'import { notify } from "../../../lib/domains/notifications/service";\nexport const x = notify;\n');
    expect(byPath).toEqual([expect.stringContaining("through its entry")]);
  });

  it("lets only a domain's schemas build on another domain's schemas", async () => {
    const errors = await architectureErrors("lib/domains/orders/fixture.ts", 'import { pageQuerySchema } from "@/lib/domains/catalog/schemas";\nexport const x = pageQuerySchema;\n');
    expect(errors).toEqual([expect.stringContaining("through its entry")]);
    const fromSchemas = await architectureErrors("lib/domains/orders/schemas.ts", 'import { pageQuerySchema } from "@/lib/domains/catalog/schemas";\nexport const x = pageQuerySchema;\n');
    expect(fromSchemas).toEqual([]);
  });

  it("refuses client code importing a domain's server entry", async () => {
    const errors = await architectureErrors("components/catalog/fixture.tsx", 'import { MAX_IMAGES } from "@/lib/domains/catalog";\nexport const x = MAX_IMAGES;\n');
    expect(errors).toEqual([expect.stringContaining("client-safe entry")]);
    const useClient = await architectureErrors("app/[locale]/fixture.tsx", '"use client";\nimport { MAX_IMAGES } from "@/lib/domains/catalog";\nexport const x = MAX_IMAGES;\n');
    expect(useClient).toEqual([expect.stringContaining("client-safe entry")]);
  });

  it("refuses a domain importing its own entry or the composition root", async () => {
    const own = await architectureErrors("lib/domains/catalog/fixture.ts", 'import { MAX_IMAGES } from "@/lib/domains/catalog";\nexport const x = MAX_IMAGES;\n');
    expect(own).toEqual([expect.stringContaining("import its files directly")]);
    const rootImport = await architectureErrors("lib/domains/catalog/fixture.ts", 'import { runJobs } from "@/lib/domains/jobs";\nexport const x = runJobs;\n');
    expect(rootImport).toEqual([expect.stringContaining("composition root")]);
  });

  it("refuses a route file taking the wrapper from the platform", async () => {
    const errors = await architectureErrors("app/api/fixture/route.ts", 'import { route } from "@/lib/platform/api/route";\nexport const GET = route;\n');
    expect(errors).toEqual([expect.stringContaining("@/lib/domains/route")]);
  });

  it("accepts the allowed shapes", async () => {
    const fine = [
      ["app/api/fixture/route.ts", 'import { route } from "@/lib/domains/route";\nimport { notify } from "@/lib/domains/notifications";\nexport const x = [route, notify];\n'],
      ["components/catalog/fixture.tsx", 'import { MAX_IMAGES } from "@/lib/domains/catalog/client";\nexport const x = MAX_IMAGES;\n'],
      ["lib/domains/catalog/fixture.ts", 'import { MAX_IMAGES } from "./limits";\nimport { env } from "@/lib/platform/env";\nexport const x = [MAX_IMAGES, env];\n'],
      ["lib/domains/orders/fixture.ts", 'import { notify } from "@/lib/domains/notifications";\nexport const x = notify;\n'],
    ] as const;
    for (const [file, code] of fine) expect(await architectureErrors(file, code), file).toEqual([]);
  });
});

describe("npm run check:architecture", () => {
  it("finds no cycle between the modules of lib/ as they are", () => {
    expect(cycles(libEdges(root))).toEqual([]);
  });

  it("finds a cycle, a client entry that reaches the server and a file over the limit, in a small tree", () => {
    const tree = mkdtempSync(path.join(tmpdir(), "kw-arch-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      writeFileSync(path.join(tree, file), text);
    };
    write("lib/domains/a/index.ts", 'export { b } from "@/lib/domains/b";\nexport const a = 1;\n');
    write("lib/domains/b/index.ts", 'import { a } from "@/lib/domains/a";\nexport const b = a;\n');
    write("lib/domains/c/client.ts", 'import type { Big } from "./server";\nexport { small } from "./pure";\nexport type { Big };\n');
    write("lib/domains/c/pure.ts", "export const small = 1;\n");
    write("lib/domains/c/server.ts", 'import { readFileSync } from "node:fs";\nexport type Big = string;\nexport const read = readFileSync;\n');
    write("lib/domains/d/client.ts", 'export { read } from "./server";\n');
    write("lib/domains/d/server.ts", 'import { db } from "@/lib/platform/db/client";\nexport const read = db;\n');
    write("lib/platform/db/client.ts", "export const db = {};\n");
    write("components/big/too-long.tsx", "export const line = 1;\n".repeat(MAX_LINES + 1));
    write("components/big/just-fits.tsx", "export const line = 1;\n".repeat(MAX_LINES));
    expect(cycles(libEdges(tree))).toEqual([["domains/a", "domains/b"]]);
    // Type-only imports are erased, so c's client entry is safe; d's reaches the database.
    expect(serverChain(path.join(tree, "lib/domains/c/client.ts"), tree)).toBeNull();
    expect(serverChain(path.join(tree, "lib/domains/d/client.ts"), tree)).toEqual([
      "lib/domains/d/client.ts",
      "lib/domains/d/server.ts",
      "lib/platform/db/client.ts",
    ]);
    expect(longFiles(tree)).toEqual([`components/big/too-long.tsx (${MAX_LINES + 1} lines)`]);
  });

  it("finds no source file over the line limit in the tree as it is", () => {
    expect(longFiles()).toEqual([]);
  });
});
