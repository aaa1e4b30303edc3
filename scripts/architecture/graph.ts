/**
 * The import graph of lib/: which module imports which. A module is a folder of
 * lib/platform or lib/domains (`platform/api`, `domains/orders`) or a single file at the
 * top of lib/platform (`platform/env`). Imports are read with TypeScript's own
 * pre-processor (static, dynamic and type-only imports, `export ... from`), resolved
 * through the `@/` alias and relative paths.
 */
import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export type Edge = { from: string; to: string; file: string; specifier: string };

const EXTENSIONS = ["", ".ts", ".tsx", ".d.ts", "/index.ts", "/index.tsx"];

/** The repository file an import specifier names, or null for packages. */
export function resolveImport(root: string, fromFile: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** `domains/orders`, `platform/api`, `platform/env`; null outside lib/platform and lib/domains. */
export function moduleOf(root: string, file: string): string | null {
  const rel = path.relative(path.join(root, "lib"), file).split(path.sep);
  if (rel.length < 2 || (rel[0] !== "platform" && rel[0] !== "domains")) return null;
  return `${rel[0]}/${rel[1]!.replace(/\.(d\.)?tsx?$/, "")}`;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    if (entry === "generated" || entry === "node_modules") continue;
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx)$/.test(entry)) out.push(full);
  }
  return out;
}

export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Every import from one lib module into another. */
export function libEdges(root: string): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(path.join(root, "lib"))) {
    const from = moduleOf(root, file);
    if (!from) continue;
    for (const specifier of importsOf(file)) {
      const target = resolveImport(root, file, specifier);
      const to = target && moduleOf(root, target);
      if (to && to !== from) edges.push({ from, to, file: path.relative(root, file), specifier });
    }
  }
  return edges;
}

/** Strongly connected components with more than one module: each is an import cycle. */
export function cycles(edges: Edge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)!.add(to);
  }
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return found;
}
