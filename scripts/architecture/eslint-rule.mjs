/**
 * ESLint rule `architecture/imports`: the import rules of docs/architecture.md.
 *
 * - lib/platform never imports lib/domains (a domain registers hooks with it instead);
 * - code outside a domain enters it only through its entry: `lib/domains/<name>/index.ts`
 *   for server code, `client.ts` for client code (components/ and "use client" files),
 *   and `schemas.ts` for the forms that validate with the API's own zod schemas (another
 *   domain's `schemas.ts` may build on them; a client entry re-exports no schemas, so a
 *   component that needs a constant does not load zod);
 * - code inside a domain imports its own files directly, never its own entry, and never
 *   the composition root (lib/domains/register.ts, route.ts, jobs.ts), which imports it;
 * - app code takes the route wrapper from lib/domains/route.ts, which registers the
 *   domains' hooks, not from lib/platform/api/route.ts.
 *
 * Cycles between modules are checked by scripts/check-architecture.ts (CI), which needs
 * the whole graph rather than one file.
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const EXTENSIONS = ["", ".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"];
const ENTRIES = new Set(["index.ts", "client.ts", "schemas.ts"]);
const COMPOSITION_ROOT = new Set(["lib/domains/register.ts", "lib/domains/route.ts", "lib/domains/jobs.ts"]);

/** The repository-relative file a specifier names (posix), or null for packages. */
function resolve(fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(ROOT, candidate).split(path.sep).join("/");
  }
  return path.relative(ROOT, base).split(path.sep).join("/");
}

/** { domain, rest } for lib/domains/<domain>/<rest>, else null. */
function domainPath(file) {
  const match = /^lib\/domains\/([^/]+)\/(.+)$/.exec(file);
  return match ? { domain: match[1], rest: match[2] } : null;
}

export const importsRule = {
  meta: {
    type: "problem",
    docs: { description: "Imports follow the layers of docs/architecture.md" },
    schema: [],
    messages: {
      platformToDomain: "lib/platform knows no domain: \"{{source}}\" is in lib/domains. Register a hook with the platform instead.",
      deepImport: "Enter the {{domain}} domain through its entry: import from \"@/lib/domains/{{domain}}\"{{clientHint}}, not \"{{source}}\".",
      clientEntry: "Client code imports the {{domain}} domain's client-safe entry \"@/lib/domains/{{domain}}/client\", not \"{{source}}\".",
      ownEntry: "Inside the {{domain}} domain import its files directly: its entry \"{{source}}\" imports this file back.",
      compositionRoot: "A domain or the platform never imports the composition root \"{{source}}\" (it imports them).",
      platformRoute: "Take the route wrapper from \"@/lib/domains/route\", which registers the domains' hooks, not from \"{{source}}\".",
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join("/");
    const source = context.sourceCode.getText();
    const isClient = file.startsWith("components/") || /^\s*(\/\/[^\n]*\n|\/\*[\s\S]*?\*\/\s*)*["']use client["']/.test(source);
    const inPlatform = file.startsWith("lib/platform/");
    const own = domainPath(file);

    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      const target = resolve(context.filename, specifier);
      if (!target || !target.startsWith("lib/")) return;
      const data = { source: specifier };
      if (inPlatform && target.startsWith("lib/domains/")) {
        context.report({ node, messageId: "platformToDomain", data });
        return;
      }
      if (COMPOSITION_ROOT.has(target) && (inPlatform || own)) {
        context.report({ node, messageId: "compositionRoot", data });
        return;
      }
      if (target === "lib/platform/api/route.ts" && !file.startsWith("lib/")) {
        context.report({ node, messageId: "platformRoute", data });
        return;
      }
      const into = domainPath(target);
      if (!into) return;
      if (own && own.domain === into.domain) {
        if (into.rest === "index.ts" || into.rest === "client.ts") {
          context.report({ node, messageId: "ownEntry", data: { ...data, domain: into.domain } });
        }
        return;
      }
      if (!ENTRIES.has(into.rest) || (own && into.rest === "schemas.ts" && own.rest !== "schemas.ts")) {
        context.report({
          node,
          messageId: "deepImport",
          data: { ...data, domain: into.domain, clientHint: isClient ? " (client code: \"/client\")" : "" },
        });
        return;
      }
      if (isClient && into.rest === "index.ts") {
        context.report({ node, messageId: "clientEntry", data: { ...data, domain: into.domain } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source.value),
    };
  },
};

export const architecturePlugin = { rules: { imports: importsRule } };
