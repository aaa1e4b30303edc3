/**
 * Typo tolerance for search: a query word that no
 * title contains is corrected to the closest piece of a word the catalogue does contain,
 * within one edit (insert, delete, substitute, or swap two neighbours) for words of 4+
 * letters and two edits for 8+. Pieces count because Dutch glues words together: "fietz"
 * becomes "fiets", found inside "damesfiets" and "kinderfiets".
 *
 * The vocabulary is the distinct words of the listed titles: the table search_words, kept
 * by a trigger on products (migration search_words) instead of splitting every title
 * (seconds at a million products). Read once and kept for a minute (a new word is
 * searchable exactly at once; only its typos wait).
 */
import type { Prisma } from "@/lib/platform/db/client";
import { Prisma as P } from "@/lib/platform/db/client";

type Executor = <T>(sql: Prisma.Sql) => Promise<T[]>;

const REFRESH_MS = 60_000;
const holder = globalThis as unknown as { __kringwaarVocabulary?: { words: string[]; at: number; loading?: Promise<string[]> } };

export async function vocabulary(execute: Executor, now = Date.now()): Promise<string[]> {
  const cached = holder.__kringwaarVocabulary;
  if (cached && now - cached.at < REFRESH_MS) return cached.words;
  if (cached?.loading) return cached.loading;
  const loading = execute<{ w: string }>(P.sql`SELECT word AS w FROM search_words WHERE uses > 0`).then((rows) =>
    rows.map((r) => r.w),
  );
  holder.__kringwaarVocabulary = { words: cached?.words ?? [], at: cached?.at ?? 0, loading };
  try {
    const words = await loading;
    holder.__kringwaarVocabulary = { words, at: now };
    return words;
  } catch (error) {
    holder.__kringwaarVocabulary = cached;
    throw error;
  }
}

/** Forgets the vocabulary (tests that change the catalogue). */
export function resetVocabulary(): void {
  holder.__kringwaarVocabulary = undefined;
}

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

/**
 * The closest piece of a vocabulary word to `word` (a whole word or a part of a
 * compound), or null when nothing is within the allowed edits. Whole words win ties,
 * then the piece found in more words.
 */
export function correctWord(word: string, words: readonly string[]): string | null {
  const max = allowedEdits(word.length);
  if (max === 0) return null;
  // Every piece within reach, with how many vocabulary words contain it.
  const found = new Map<string, { distance: number; whole: boolean; uses: number }>();
  for (const v of words) {
    if (v.includes(word)) return null; // the catalogue has it as written
    const seen = new Set<string>();
    for (let len = Math.max(3, word.length - max); len <= word.length + max; len++) {
      for (let start = 0; start + len <= v.length; start++) {
        const piece = v.slice(start, start + len);
        if (seen.has(piece)) continue;
        seen.add(piece);
        const distance = editDistance(word, piece, max);
        if (distance > max) continue;
        const entry = found.get(piece) ?? { distance, whole: false, uses: 0 };
        entry.uses += 1;
        entry.whole ||= len === v.length;
        found.set(piece, entry);
      }
    }
  }
  // Closest first; then a piece as long as the word (a wrong or swapped letter rather than
  // a dropped one: "fietz" is "fiets", not "fiet"); then a whole word; then the most used.
  let best: [string, { distance: number; whole: boolean; uses: number }] | null = null;
  for (const candidate of found) {
    if (!best) {
      best = candidate;
      continue;
    }
    const [piece, c] = candidate;
    const [bestPiece, b] = best;
    const key = [c.distance, Math.abs(piece.length - word.length), c.whole ? 0 : 1, -c.uses];
    const bestKey = [b.distance, Math.abs(bestPiece.length - word.length), b.whole ? 0 : 1, -b.uses];
    for (let i = 0; i < key.length; i++) {
      if (key[i]! < bestKey[i]!) {
        best = candidate;
        break;
      }
      if (key[i]! > bestKey[i]!) break;
    }
  }
  if (best) return best[0];
  // A Dutch plural of a word the catalogue has ("fietsen" when titles say "damesfiets").
  const singular = word.replace(/(?:en|s)$/, "");
  if (singular.length >= 4 && singular !== word && words.some((v) => v.includes(singular))) return singular;
  return null;
}

/**
 * Corrections made, per vocabulary (the array `vocabulary` keeps for a minute): the same
 * words against the same vocabulary correct the same way, and working one out compares
 * every piece of every word (the hottest function of a browse under load, 7% of an
 * instance's CPU when every request repeated it). Forgotten with their vocabulary.
 */
const corrections = new WeakMap<readonly string[], Map<string, string | null>>();
const CORRECTIONS_KEPT = 1_000;

/**
 * The search with each unknown word corrected, or null when nothing needed (or could
 * take) a correction.
 */
export function correctSearch(search: string, words: readonly string[]): string | null {
  let kept = corrections.get(words);
  if (!kept) corrections.set(words, (kept = new Map()));
  if (kept.has(search)) return kept.get(search) ?? null;
  const corrected = correctAfresh(search, words);
  // The oldest first out: a burst of different searches cannot grow it without end.
  if (kept.size >= CORRECTIONS_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(search, corrected);
  return corrected;
}

function correctAfresh(search: string, words: readonly string[]): string | null {
  let changed = false;
  const corrected = search.replace(/\p{L}+/gu, (token) => {
    const fixed = correctWord(token.toLowerCase(), words);
    if (fixed && fixed !== token.toLowerCase()) {
      changed = true;
      return fixed;
    }
    return token;
  });
  return changed ? corrected : null;
}
