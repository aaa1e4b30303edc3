/**
 * Typo correction for search (rules in docs/catalog.md, "Typo correction"): only a
 * misspelling is corrected. A query word stays as typed when the Dutch dictionary knows it
 * (./dictionary.ts: plurals and compounds too) or the catalogue's vocabulary has it, as a
 * word or inside one. Any other word of 4+ letters is replaced by the whole catalogue word
 * closest to it: fewest edits (insert, delete, substitute, or swap two neighbours; one for
 * 4+ letters, two for 8+), a more used word winning at equal distance.
 *
 * The vocabulary is the table search_words, kept by a trigger on products (the words of the
 * titles for sale, with how many use them), searched with pg_trgm in the database: every
 * instance corrects the same way, and a new listing's words count at once.
 */
import type { Prisma } from "@/lib/platform/db/client";
import { Prisma as P } from "@/lib/platform/db/client";
import { dutch, knownAs, type Checker } from "./dictionary";

type Executor = <T>(sql: Prisma.Sql) => Promise<T[]>;

/** Optimal string alignment distance (Damerau-Levenshtein with adjacent swaps), capped. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    let rowMin = Infinity;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}

/** Edits allowed for a word of this length: none below 4 letters, 1 from 4, 2 from 8. */
export function allowedEdits(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/** A correction within reach; `piece`: a Dutch word found only inside catalogue words. */
export type Candidate = { word: string; uses: number; piece?: boolean };

/**
 * The closest candidate within the allowed edits, or null. Distance counts first; the
 * number of listings using a word lowers it by less than one edit (a tenth of an edit per
 * tenfold uses, at most 0.9), so a common word beats a rare one at the same distance only;
 * a whole catalogue word beats a piece of one that scores the same.
 */
export function closestWord(word: string, candidates: readonly Candidate[]): string | null {
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  let best: { word: string; score: number } | null = null;
  for (const c of candidates) {
    if (c.uses <= 0 || c.word === word) continue;
    const distance = editDistance(word, c.word, max);
    if (distance > max) continue;
    const score = distance - Math.min(0.9, 0.1 * Math.log10(c.uses)) + (c.piece ? 0.01 : 0);
    if (!best || score < best.score || (score === best.score && c.word < best.word)) best = { word: c.word, score };
  }
  return best?.word ?? null;
}

/** Every string one edit (delete, swap, substitute, insert) away from `word`. */
export function oneEditAway(word: string): string[] {
  const letters = "abcdefghijklmnopqrstuvwxyzéëèïöü";
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (b) out.add(a + b.slice(1));
    if (b.length > 1) out.add(a + b[1] + b[0] + b.slice(2));
    for (const c of letters) {
      if (b) out.add(a + c + b.slice(1));
      out.add(a + c + b);
    }
  }
  out.delete(word);
  return [...out];
}

type Lookup = { inCatalogue: boolean; candidates: Candidate[] };

/**
 * What the catalogue says about `word`: whether a listed title has it (as a word or inside
 * one), and the corrections within reach: catalogue words by trigram similarity or one
 * edit away, and Dutch words one edit away that listed titles contain (with how many
 * listings use a word containing them).
 */
async function lookUp(word: string, checker: Checker, execute: Executor): Promise<Lookup> {
  const max = allowedEdits(word.length);
  const near = max > 0 ? oneEditAway(word) : [];
  const dutchNear = near.filter((v) => v.length >= 4 && checker.correct(v));
  const rows = await execute<{ word: string; uses: number; kind: string }>(P.sql`
    SELECT 'here' AS kind, '' AS word, 0 AS uses
    WHERE EXISTS (SELECT 1 FROM search_words k WHERE k.uses > 0 AND k.word LIKE ${"%" + escapeLike(word) + "%"})
    UNION ALL
    SELECT 'word', w.word, w.uses FROM search_words w
    WHERE ${max > 0} AND w.uses > 0 AND (w.word % ${word} OR w.word = ANY(${near}::text[]))
      AND length(w.word) BETWEEN ${word.length - max} AND ${word.length + max}
    UNION ALL
    SELECT 'piece', v, (SELECT coalesce(sum(k.uses), 0)::int FROM search_words k WHERE k.uses > 0 AND k.word LIKE '%' || v || '%')
    FROM unnest(${dutchNear}::text[]) AS v`);
  return {
    inCatalogue: rows.some((r) => r.kind === "here"),
    candidates: rows.filter((r) => r.kind !== "here" && Number(r.uses) > 0).map((r) => ({ word: r.word, uses: Number(r.uses), piece: r.kind === "piece" })),
  };
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What the search becomes when its words as typed found too little:
 * - `corrected`: each misspelt word replaced by its correction (offered as "did you mean"),
 *   or null when nothing was misspelt or nothing close is listed;
 * - `widened`: a Dutch plural also searched as its singular inside compounds ("fietsen"
 *   finds "damesfiets"), offered to nobody; null when there is none;
 * - `allKnown`: every word is Dutch or the catalogue's (a search with nothing to correct).
 */
export type Review = { corrected: string | null; widened: string | null; allKnown: boolean };

export async function reviewSearch(search: string, execute: Executor): Promise<Review> {
  const tokens = [...new Set((search.match(/\p{L}+/gu) ?? []).map((t) => t.toLowerCase()))];
  const checker = await dutch();
  const fixes = new Map<string, string>();
  const widen = new Map<string, string>();
  let allKnown = tokens.length > 0;
  for (const token of tokens) {
    if (token.length < 3) continue;
    const known = knownAs(token, checker);
    const listed = known === "listed";
    const lookup = listed && allowedEdits(token.length) === 0 ? null : await lookUp(token, checker, execute);
    if (listed || lookup?.inCatalogue) {
      const singular = listed && !lookup?.inCatalogue ? await singularIn(token, execute) : null;
      if (singular) widen.set(token, singular);
      continue;
    }
    // A compound of Dutch parts is a word, unless the catalogue lists one a single edit away
    // ("koepeltnet" is koepel + t + net, but meant the listed "koepeltent").
    const fixed = closestWord(token, lookup?.candidates ?? []);
    if (known === "compound" && !(fixed && editDistance(token, fixed, 1) <= 1)) continue;
    if (fixed) fixes.set(token, fixed);
    else allKnown = false;
  }
  const replace = (map: Map<string, string>) =>
    map.size === 0 ? null : search.replace(/\p{L}+/gu, (token) => map.get(token.toLowerCase()) ?? token);
  return { corrected: replace(fixes), widened: replace(widen), allKnown: allKnown && fixes.size === 0 };
}

/** The singular of a Dutch plural when the catalogue's words contain it ("fietsen" → "fiets"). */
async function singularIn(word: string, execute: Executor): Promise<string | null> {
  const singular = word.replace(/(?:'s|en|s)$/, "");
  if (singular === word || singular.length < 4) return null;
  const rows = await execute<{ found: boolean }>(P.sql`
    SELECT EXISTS (SELECT 1 FROM search_words k WHERE k.uses > 0 AND k.word LIKE ${"%" + escapeLike(singular) + "%"}) AS found`);
  return rows[0]?.found ? singular : null;
}
