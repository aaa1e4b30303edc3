// No next-intl in the browser (docs/performance.md): client components read texts through
// lib/platform/i18n/client.ts, and components rendered by both server and client components through
// `#i18n` (package.json "imports"). This walks the import graph from every "use client"
// file, as the bundler does for the browser, and fails on any next-intl or use-intl import
// in it. ESLint's kringwaar/no-next-intl-in-client says the same for "use client" files.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import pkg from "@/package.json" with { type: "json" };

const root = process.cwd();
const FOLDERS = ["app", "components", "lib", "proxy.ts", "instrumentation-client.ts"];
/** Browser entries without a directive of their own. */
const BROWSER_ENTRIES = ["instrumentation-client.ts"];
/** The formatter of the precompiled messages, which lib/platform/i18n/client.ts reuses. */
const ALLOWED = new Set(["use-intl/format-message/format-only"]);

function sources(): string[] {
  const out: string[] = [];
  const visit = (entry: string) => {
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry)) if (name !== "generated") visit(path.join(entry, name));
    } else if (/\.tsx?$/.test(entry)) out.push(entry);
  };
  FOLDERS.map((folder) => path.join(root, folder)).filter(existsSync).forEach(visit);
  return out;
}

type Import = { specifier: string; typeOnly: boolean };
type Source = { file: string; client: boolean; imports: Import[] };

function parse(file: string): Source {
  const text = readFileSync(file, "utf8");
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const imports: Import[] = [];
  for (const match of code.matchAll(/(?:^|[;\s])(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']/g)) {
    imports.push({ specifier: match[3]!, typeOnly: Boolean(match[2]) });
  }
  for (const match of code.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) imports.push({ specifier: match[1]!, typeOnly: false });
  return { file, client: /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))*\s*["']use client["']/.test(text), imports };
}

/** The project file an import names, as the browser's bundle resolves it; null for a package. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("#")) {
    const target = (pkg.imports as Record<string, { default: string }>)[specifier];
    expect(target, `${specifier} in package.json "imports"`).toBeDefined();
    base = path.join(root, target!.default);
  } else if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  if (/\.(css|json)$/.test(base)) return null;
  throw new Error(`${path.relative(root, from)}: cannot resolve ${specifier}`);
}

const isIntl = (specifier: string) => /^(next-intl|use-intl)(\/|$)/.test(specifier) && !ALLOWED.has(specifier);

describe("no next-intl in client code", () => {
  const all = new Map(sources().map((file) => [file, parse(file)]));

  it('"use client" files import texts from lib/platform/i18n/client.ts, not next-intl', () => {
    const clients = [...all.values()].filter((source) => source.client);
    expect(clients.length).toBeGreaterThan(80);
    const offenders = clients.flatMap((source) =>
      source.imports.filter((i) => isIntl(i.specifier)).map((i) => `${path.relative(root, source.file)}: ${i.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it("nor does anything they import (components that server components render too use #i18n)", () => {
    const reached = new Map<string, string>();
    const queue = [...all.values()].filter((s) => s.client || BROWSER_ENTRIES.includes(path.relative(root, s.file))).map((s) => s.file);
    queue.forEach((file) => reached.set(file, file));
    while (queue.length > 0) {
      const file = queue.pop()!;
      for (const { specifier, typeOnly } of all.get(file)?.imports ?? parse(file).imports) {
        if (typeOnly) continue;
        const target = resolve(file, specifier);
        if (target && !reached.has(target)) {
          reached.set(target, file);
          queue.push(target);
        }
      }
    }
    const rel = (file: string) => path.relative(root, file);
    // The walk works: a shared component and the module of #i18n are in it.
    expect([...reached.keys()].map(rel)).toEqual(expect.arrayContaining(["components/catalog/product-card.tsx", "lib/platform/i18n/client.ts"]));
    const offenders = [...reached.keys()].flatMap((file) =>
      (all.get(file)?.imports ?? [])
        .filter((i) => !i.typeOnly && isIntl(i.specifier))
        .map((i) => `${rel(file)} (imported by ${rel(reached.get(file)!)}): ${i.specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only "use client" files import lib/platform/i18n/client.ts; components server components render too use #i18n', () => {
    // It needs React's context, which server components do not have (it imports
    // client-only, so the build fails too); there #i18n is next-intl's hooks.
    const target = path.join(root, "lib/platform/i18n/client.ts");
    const offenders = [...all.values()]
      .filter((source) => !source.client && !source.imports.some((i) => i.specifier === "client-only"))
      .filter((source) => source.imports.some((i) => !i.typeOnly && !i.specifier.startsWith("#") && resolve(source.file, i.specifier) === target))
      .map((source) => path.relative(root, source.file));
    expect(offenders).toEqual([]);
  });
});
