/**
 * The codebase checks of docs/architecture.md ("Codebase checks"), run by
 * `npm run check:architecture` (scripts/check-architecture.ts) and so by CI:
 *
 * 1. no history markers: no issue numbers, no "nth session" or "nth round", no dated
 *    heading or dated note in code, tests, scripts or docs (git keeps the history);
 * 2. no reference outside the repository: the product's rules are in docs/, so nothing
 *    points to the spec files beside it; the one exception is the OECD schema folder the
 *    DAC7 test validates against (`../shared/dpi`);
 * 3. no raw fetch() in components/: every call goes through components/lib/api-client.ts;
 * 4. the framework's parts are imported, not written again: Radix Slot,
 *    class-variance-authority, next-auth/react and next-intl's formatter;
 * 5. test file names say what they test: none is named after an issue or a fix;
 * 6. one postcode normaliser in app/, components/ and lib/.
 *
 * Each check takes the folder to look in, so tests/unit/codebase-checks.test.ts runs
 * them on small fixture trees it writes to a temporary folder.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Folders never read: installed or built output. */
const SKIP_DIRS = new Set(["node_modules", ".git", ".next", ".next-e2e", "out", ".data", "dist", "coverage", "test-results", "playwright-report", "generated"]);
/**
 * Files the checks do not read: the lock file, the message catalogues (user-facing text)
 * and the checks with their test, whose patterns and fixtures name what they look for.
 */
const SKIP_FILES = new Set(["package-lock.json", "messages/nl.json", "messages/en.json", "scripts/check-codebase.ts", "tests/unit/codebase-checks.test.ts"]);
const TEXT = /\.(ts|tsx|mts|mjs|cjs|js|md|json|css|sql|prisma|yml|yaml|sh|example)$|(^|\/)(run|Dockerfile|\.gitignore|\.dockerignore)$/;

/** Every text file under `base` (relative paths, "/" separated), skipping build output and fixtures. */
export function sourceFiles(base: string, dirs: string[] = ["."]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(base, rel);
    for (const name of readdirSync(abs)) {
      const child = rel === "." ? name : `${rel}/${name}`;
      if (SKIP_DIRS.has(name)) continue;
      const stat = statSync(path.join(base, child));
      if (stat.isDirectory()) walk(child);
      else if (TEXT.test(child) && !SKIP_FILES.has(child)) out.push(child);
    }
  };
  for (const dir of dirs) {
    try {
      if (statSync(path.join(base, dir)).isDirectory()) walk(dir);
    } catch {
      // A folder the tree does not have is simply not looked in.
    }
  }
  return out.sort();
}

const ORDINAL = "(?:\\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth)";
const HISTORY: Array<[RegExp, string]> = [
  [/\b[Ii]ssues? #?\d+\b/, "an issue number"],
  [/\b[Ii]ssue "[^"]+"/, "an issue title"],
  [/(?:^|[\s(,;])#\d{1,4}\b(?![0-9a-fA-F])/, "an issue number"],
  [new RegExp(`\\b${ORDINAL} (?:session|round)\\b`, "i"), "a session or round"],
  [/\b[Ss]ession \d+\b/, "a session number"],
  [/^\s*#{1,6} .*\b20\d\d-\d\d-\d\d\b/, "a dated heading"],
  [/\b(?:[Mm]easured|[Aa]dded|[Cc]hanged|[Ff]ixed|[Rr]emoved|[Aa]s of|[Ss]ince|[Uu]ntil|[Oo]n|[Bb]efore|[Aa]fter)\s+(?:on\s+)?20\d\d-\d\d-\d\d\b/, "a dated note"],
  [/(?:\(|, )20\d\d-\d\d-\d\d\b/, "a dated note"],
];

/** Lines of `text` that carry a history marker, as "line: what". */
export function historyMarkersIn(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    for (const [pattern, what] of HISTORY) {
      if (pattern.test(line)) {
        found.push(`${i + 1}: ${what}`);
        break;
      }
    }
  });
  return found;
}

/** Every history marker under `base`, as "file:line: what". */
export function historyMarkers(base: string): string[] {
  return sourceFiles(base)
    .filter((file) => !file.endsWith(".css"))
    .flatMap((file) => historyMarkersIn(readFileSync(path.join(base, file), "utf8")).map((hit) => `${file}:${hit}`));
}

const OUTSIDE = /\b(?:SPEC|DECISIONS|ARCHITECTURE)(?:\.md)?\b|\.\.\/shared\b(?!\/dpi)|\/work\/shared\b/;

/** Lines of `text` that point outside the repository, as line numbers. */
export function outsideReferencesIn(text: string): number[] {
  const found: number[] = [];
  text.split("\n").forEach((line, i) => {
    if (OUTSIDE.test(line)) found.push(i + 1);
  });
  return found;
}

/** Every reference outside the repository under `base` (except the DAC7 schema folder), as "file:line". */
export function outsideReferences(base: string): string[] {
  return sourceFiles(base).flatMap((file) => outsideReferencesIn(readFileSync(path.join(base, file), "utf8")).map((line) => `${file}:${line}`));
}

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
}

/** Line numbers of the calls to the global fetch (fetch(), window.fetch(), globalThis.fetch()) in a source text. */
export function fetchCallsIn(file: string, text: string): number[] {
  const sf = parse(file, text);
  const found: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isFetch =
        (ts.isIdentifier(callee) && callee.text === "fetch") ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === "fetch" && ts.isIdentifier(callee.expression) && ["window", "globalThis", "self"].includes(callee.expression.text));
      if (isFetch) found.push(sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The one file of components/ that may call fetch(): the API client itself. */
export const API_CLIENT = "components/lib/api-client.ts";

/** Raw fetch() calls in components/ outside the API client, as "file:line". */
export function rawFetchInComponents(base: string): string[] {
  return sourceFiles(base, ["components"])
    .filter((file) => /\.tsx?$/.test(file) && file !== API_CLIENT)
    .flatMap((file) => fetchCallsIn(file, readFileSync(path.join(base, file), "utf8")).map((line) => `${file}:${line}`));
}

/** The module specifiers a source text imports (static and dynamic, types included). */
export function importsIn(file: string, text: string): Array<{ from: string; names: string[] }> {
  const sf = parse(file, text);
  const out: Array<{ from: string; names: string[] }> = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names: string[] = [];
      const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
      if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      out.push({ from: node.moduleSpecifier.text, names });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) out.push({ from: arg.text, names: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The framework parts the app uses instead of its own copies, and how to tell one is imported. */
export const FRAMEWORK_PARTS: Array<{ part: string; imported: (from: string, names: string[]) => boolean; used?: (text: string) => boolean }> = [
  { part: "@radix-ui/react-slot (Slot)", imported: (from) => from === "@radix-ui/react-slot" || from === "radix-ui" },
  { part: "class-variance-authority (cva)", imported: (from) => from === "class-variance-authority" },
  { part: "next-auth/react (the session on the client)", imported: (from) => from === "next-auth/react" },
  {
    part: "next-intl's formatter (useFormatter or getFormatter)",
    imported: (from, names) =>
      (from === "next-intl" && names.includes("useFormatter")) || (from === "next-intl/server" && names.includes("getFormatter")),
    used: (text) => /\b(?:useFormatter|getFormatter)\(/.test(text),
  },
];

/** The framework parts no file of app/ or components/ imports. */
export function missingFrameworkParts(base: string): string[] {
  const seen = new Set<string>();
  for (const file of sourceFiles(base, ["app", "components"]).filter((f) => /\.tsx?$/.test(f))) {
    const text = readFileSync(path.join(base, file), "utf8");
    for (const { from, names } of importsIn(file, text)) {
      for (const { part, imported, used } of FRAMEWORK_PARTS) if (imported(from, names) && (!used || used(text))) seen.add(part);
    }
  }
  return FRAMEWORK_PARTS.map((p) => p.part).filter((part) => !seen.has(part));
}

/** The module our own formatter lived in; next-intl's formatter (lib/platform/i18n/formats.ts) replaced it. */
const OWN_FORMAT_MODULE = /(?:^|\/)lib\/platform\/i18n\/format$|^\.\/format$/;

/** Files of app/, components/ and lib/ that import the removed own formatter module. */
export function ownFormatterImports(base: string): string[] {
  return sourceFiles(base, ["app", "components", "lib"])
    .filter((f) => /\.tsx?$/.test(f))
    .filter((file) => importsIn(file, readFileSync(path.join(base, file), "utf8")).some(({ from }) => OWN_FORMAT_MODULE.test(from.replace(/^@\//, ""))));
}

const FORMATTER_BINDING = /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useFormatter|getFormatter)\(/g;

/**
 * Files of app/ and components/ that format a date with next-intl's request formatter
 * (useFormatter, getFormatter): in English it gives "Dec 7, 2026". Dates go through
 * appFormatter(locale), which writes English in British order like the rest.
 */
export function requestFormatterDates(base: string): string[] {
  return sourceFiles(base, ["app", "components"])
    .filter((f) => /\.tsx?$/.test(f))
    .filter((file) => {
      const text = readFileSync(path.join(base, file), "utf8");
      return [...text.matchAll(FORMATTER_BINDING)].some((m) => new RegExp(`\\b${m[1]}\\.dateTime(?:Range)?\\(`).test(text));
    });
}

/** A test file named after an issue, a fix, a round or a letter of a series rather than what it tests. */
const HISTORY_NAME = /(?:^|[-_.])(?:issues?|fix|fixes|fixed|bugs?|bugfix|hotfix|regressions?|rounds?|followup|follow-up|part)(?:[-_.]|\d|$)|(?:^|[-_.])(?:i|issue)?\d+(?:[-_.]|$)|-[a-z]\.(?:spec|test)\.tsx?$/i;

/** Whether a test file's name (its base name) is named after history rather than behaviour. */
export function isHistoryTestName(file: string): boolean {
  return HISTORY_NAME.test(path.posix.basename(file));
}

/** Test files under tests/ named after an issue or a fix. */
export function badTestNames(base: string): string[] {
  return sourceFiles(base, ["tests"]).filter((file) => /\.(?:spec|test)\.tsx?$/.test(file) && isHistoryTestName(file));
}

const NORMALISER = /\b(?:function\s+|(?:const|let|var)\s+)(normali[sz]e\w*Postcode\w*|\w*[Pp]ostcode\w*[Nn]ormali[sz]\w*)\b/g;

/** The postcode normalisers a source text defines, by name. */
export function postcodeNormalisersIn(text: string): string[] {
  return [...text.matchAll(NORMALISER)].map((m) => m[1] ?? m[0]);
}

/** Every postcode normaliser defined in app/, components/ and lib/, as "file: name"; one is right. */
export function postcodeNormalisers(base: string): string[] {
  return sourceFiles(base, ["app", "components", "lib"])
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => postcodeNormalisersIn(readFileSync(path.join(base, file), "utf8")).map((name) => `${file}: ${name}`));
}

/** All codebase checks on `base`, as problems to print; empty when all pass. */
export function codebaseProblems(base: string): string[] {
  const problems: string[] = [];
  const history = historyMarkers(base);
  if (history.length) problems.push(`History markers (issue numbers, sessions, dates as history; git keeps the history, docs describe the present):\n  ${history.join("\n  ")}`);
  const outside = outsideReferences(base);
  if (outside.length) problems.push(`References outside the repository (state the rule or point to docs/<area>.md):\n  ${outside.join("\n  ")}`);
  const fetches = rawFetchInComponents(base);
  if (fetches.length) problems.push(`Raw fetch() in components/ (use ${API_CLIENT}):\n  ${fetches.join("\n  ")}`);
  const missing = missingFrameworkParts(base);
  if (missing.length) problems.push(`Framework parts not imported anywhere in app/ or components/ (use them rather than a copy):\n  ${missing.join("\n  ")}`);
  const ownFormatter = ownFormatterImports(base);
  if (ownFormatter.length) problems.push(`Imports of the removed own formatter (use useFormatter, getFormatter or appFormatter from lib/platform/i18n/formats.ts):\n  ${ownFormatter.join("\n  ")}`);
  const requestDates = requestFormatterDates(base);
  if (requestDates.length) problems.push(`Dates formatted with useFormatter/getFormatter (use appFormatter(locale) from lib/platform/i18n/formats.ts):\n  ${requestDates.join("\n  ")}`);
  const names = badTestNames(base);
  if (names.length) problems.push(`Test files named after an issue or a fix (name them by feature or journey):\n  ${names.join("\n  ")}`);
  const normalisers = postcodeNormalisers(base);
  if (normalisers.length > 1) problems.push(`More than one postcode normaliser (keep one module):\n  ${normalisers.join("\n  ")}`);
  return problems;
}
