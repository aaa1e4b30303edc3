/**
 * `npm run check:architecture` (CI): the checks of docs/architecture.md that need the
 * whole import graph rather than one file (those are ESLint's `architecture/imports`):
 *
 * 1. no import cycle between the modules of lib/ (a folder of lib/platform or
 *    lib/domains, or a single file at the top of either);
 * 2. a domain's client entry (`client.ts`) and its `schemas.ts` reach no server-only
 *    module, following every value import (type-only imports are erased);
 * 3. no source file in app/, components/ or lib/ is over MAX_LINES lines (data such as
 *    seed data goes in data modules; a component that long does more than one job);
 * 4. the codebase checks of ./check-codebase.ts (history markers, references outside the
 *    repository, raw fetch() in components, the framework's parts, test names, one
 *    postcode normaliser).
 *
 * Exits 1 with what it found; prints the module graph's size when all is well.
 */
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import ts from "typescript";
import { cycles, libEdges, resolveImport } from "./architecture/graph";
import { codebaseProblems } from "./check-codebase";

const root = path.resolve(import.meta.dirname, "..");

/** Modules whose code must never reach the browser. */
const SERVER_ONLY = [
  /^lib\/platform\/db\//,
  /^lib\/platform\/env\.ts$/,
  /^lib\/platform\/log\.ts$/,
];
const SERVER_PACKAGES = /^(node:|server-only$|next\/headers$|next\/cache$|next\/server$|sharp$|pg$|@prisma\/|pino$|nodemailer$|@node-rs\/|next-auth$|next-auth\/(jwt|next)$|@aws-sdk\/|stripe$|date-holidays$)/;
const BUILTINS = new Set(builtinModules);
export const MAX_LINES = 400;

/** Source files of app/, components/ and lib/ over MAX_LINES lines, with their length. */
export function longFiles(base: string = root): string[] {
  const found: string[] = [];
  for (const dir of ["app", "components", "lib"]) {
    for (const file of ts.sys.readDirectory(path.join(base, dir), [".ts", ".tsx"], ["**/generated/**"])) {
      const lines = readFileSync(file, "utf8").split("\n").length - 1;
      if (lines > MAX_LINES) found.push(`${path.relative(base, file)} (${lines} lines)`);
    }
  }
  return found;
}

/** The value imports of a file (import/export ... from, dynamic import), skipping type-only ones. */
export function valueImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      const allTypes =
        !node.importClause?.name && bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
      if (!allTypes) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      const clause = node.exportClause;
      const allTypes = clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly);
      if (!allTypes) out.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) out.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The chain of imports from `entry` to the first server-only module, or null. */
export function serverChain(entry: string, base: string = root): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | null => {
    const rel = path.relative(base, file);
    if (seen.has(rel)) return null;
    seen.add(rel);
    for (const specifier of valueImports(file)) {
      if (SERVER_PACKAGES.test(specifier) || BUILTINS.has(specifier)) return [...chain, rel, specifier];
      const target = resolveImport(base, file, specifier);
      if (!target) continue;
      const targetRel = path.relative(base, target);
      if (SERVER_ONLY.some((pattern) => pattern.test(targetRel))) return [...chain, rel, targetRel];
      if (/\.(ts|tsx)$/.test(target) && ts.sys.fileExists(target)) {
        const found = walk(target, [...chain, rel]);
        if (found) return found;
      }
    }
    return null;
  };
  return walk(entry, []);
}

function main(): void {
  const problems: string[] = [];
  const edges = libEdges(root);
  for (const cycle of cycles(edges)) {
    const inCycle = new Set(cycle);
    const via = edges.filter((e) => inCycle.has(e.from) && inCycle.has(e.to)).map((e) => `  ${e.from} -> ${e.to} (${e.file}: "${e.specifier}")`);
    problems.push(`Import cycle between ${cycle.join(", ")}:\n${[...new Set(via)].join("\n")}`);
  }
  const domains = path.join(root, "lib", "domains");
  for (const name of ts.sys.getDirectories(domains)) {
    for (const entry of ["client.ts", "schemas.ts"]) {
      const file = path.join(domains, name, entry);
      if (!ts.sys.fileExists(file)) continue;
      const chain = serverChain(file);
      if (chain) problems.push(`lib/domains/${name}/${entry} is a client entry but reaches server code: ${chain.join(" -> ")}`);
    }
  }
  for (const file of longFiles()) problems.push(`${file} is over ${MAX_LINES} lines: split it into parts with one job each`);
  problems.push(...codebaseProblems(root));
  if (problems.length > 0) {
    console.error(problems.join("\n\n"));
    process.exit(1);
  }
  const modules = new Set(edges.flatMap((e) => [e.from, e.to]));
  console.log(`architecture: ${modules.size} modules, ${new Set(edges.map((e) => `${e.from}>${e.to}`)).size} module imports, no cycle; client entries reach no server code; no file over ${MAX_LINES} lines; the codebase checks pass`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
