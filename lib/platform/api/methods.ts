/**
 * Which methods an /api path answers, from the table scripts/api-methods.ts generates
 * out of the route files. proxy.ts uses it to answer a wrong method with JSON 405 and an
 * Allow header before Next would send its empty 405.
 */
import { API_ROUTE_METHODS } from "./methods.generated";

type Segment = { kind: 0 | 1 | 2 | 3; name: string }; // static, [x], [...x], [[...x]]

type Compiled = { segments: Segment[]; methods: readonly string[] };

function compile(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((part) => {
      if (/^\[\[\.\.\..+\]\]$/.test(part)) return { kind: 3, name: part };
      if (/^\[\.\.\..+\]$/.test(part)) return { kind: 2, name: part };
      if (/^\[.+\]$/.test(part)) return { kind: 1, name: part };
      return { kind: 0, name: part };
    });
}

const ROUTES: Compiled[] = API_ROUTE_METHODS.map(([pattern, methods]) => ({ segments: compile(pattern), methods }));

function matches(segments: Segment[], parts: string[]): boolean {
  for (const [i, segment] of segments.entries()) {
    if (segment.kind === 2) return parts.length > i; // one or more
    if (segment.kind === 3) return true; // zero or more
    if (i >= parts.length) return false;
    if (segment.kind === 0 && segment.name !== parts[i]) return false;
  }
  return segments.length === parts.length;
}

/** Next's precedence: segment by segment, static before [x] before [...x]. */
function moreSpecific(a: Segment[], b: Segment[]): boolean {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const ka = a[i]?.kind ?? -1;
    const kb = b[i]?.kind ?? -1;
    if (ka !== kb) return ka < kb;
  }
  return false;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The methods the route serving `pathname` exports, with HEAD when it has GET (Next
 * answers HEAD with the GET handler); undefined when no route file claims the path.
 */
export function routeMethods(pathname: string): string[] | undefined {
  const parts = pathname.split("/").filter(Boolean).map(safeDecode);
  let best: Compiled | undefined;
  for (const candidate of ROUTES) {
    if (!matches(candidate.segments, parts)) continue;
    if (!best || moreSpecific(candidate.segments, best.segments)) best = candidate;
  }
  if (!best) return undefined;
  const methods = new Set(best.methods);
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods];
}

/**
 * The JSON 405 for `method` on `pathname`, or undefined when the route takes it (or no
 * route claims the path: the catch-all's 404 answers). OPTIONS is always left to Next,
 * which answers it with 204 and the Allow header.
 */
export function methodNotAllowed(method: string, pathname: string): Response | undefined {
  if (method === "OPTIONS") return undefined;
  const methods = routeMethods(pathname);
  if (!methods || methods.includes(method)) return undefined;
  const allow = [...new Set([...methods, "OPTIONS"])].sort().join(", ");
  return Response.json(
    { detail: "Method not allowed", code: "method_not_allowed" },
    { status: 405, headers: { Allow: allow, "Cache-Control": "no-store" } },
  );
}
