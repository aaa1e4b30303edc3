/**
 * Display names: a user's name and a business seller's company name, which other users
 * see beside listings, offers and messages. Two rules, on registration and on a rename:
 *
 *  - No control or format characters. CR, LF, tab and the other C0/C1 controls, the
 *    line and paragraph separators, and format characters (Unicode Cf) other than the
 *    zero-width and direction marks that `stripInvisible` quietly takes out: they break
 *    lines in mails and lists, or hide text.
 *  - No imitation of Kringwaar or its staff (`imitatesStaff`). The name is folded to a
 *    skeleton first, so look-alikes count as what they imitate: accents and compatibility
 *    forms (NFKD: "Ｋｒïñg", "𝐀𝐝𝐦𝐢𝐧"), Cyrillic and Greek letters shaped like Latin ones
 *    ("Kringwааr" with Cyrillic а), small capitals, digits and signs used as letters
 *    ("adm1n", "kr!ngw44r"), "rn" for "m" and "vv" for "w", and spacing or punctuation
 *    between the letters ("K r i n g - w a a r", "Ad.min").
 *
 * The fold table is our own and small on purpose: Unicode's confusables.txt has over
 * 6,000 entries, nearly all for scripts a Dutch marketplace name never mixes in, and
 * the npm packages that carry it are unmaintained or native code. A character missing
 * here only means one look-alike less is caught; the table lists what looks like a
 * Latin letter in common fonts.
 */
import { stripInvisible } from "@/lib/platform/api/text";

/** The platform's own name: refused wherever it appears in the skeleton. */
const BRAND = "kringwaar";

/**
 * Staff titles: refused as a whole word, or spelled across words ("Ad min"), but not
 * inside another word ("Badminton", "Administratiekantoor").
 */
const STAFF_WORDS = [
  "admin",
  "admins",
  "administrator",
  "administrators",
  "sysadmin",
  "moderator",
  "moderators",
  "supportteam",
  "klantenservice",
  "customerservice",
  "helpdesk",
];

/** Capitals whose look differs from their small letter's (Greek Η is H, η is n). */
const CAPITALS: Record<string, string> = {
  // Greek
  Α: "a", Β: "b", Ε: "e", Ζ: "z", Η: "h", Ι: "i", Κ: "k", Μ: "m", Ν: "n", Ο: "o", Ρ: "p", Τ: "t", Υ: "y", Χ: "x",
  // Cyrillic
  А: "a", В: "b", Е: "e", К: "k", М: "m", Н: "h", О: "o", Р: "p", С: "c", Т: "t", У: "y", Х: "x", Ѕ: "s", І: "i", Ј: "j", Ԛ: "q", Ԝ: "w", Ү: "y", Һ: "h", Ӏ: "i",
};

/** Small letters, digits and signs that stand in for a Latin letter. */
const SMALL: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", г: "r", е: "e", к: "k", м: "m", н: "h", о: "o", п: "n", р: "p", с: "c", т: "t", у: "y", х: "x",
  ш: "w", щ: "w", ъ: "b", ь: "b", ѕ: "s", і: "i", ј: "j", ԁ: "d", ԛ: "q", ԝ: "w", ӏ: "i", ү: "y", һ: "h", ѡ: "w",
  // Greek
  α: "a", β: "b", γ: "y", ε: "e", ζ: "z", η: "n", ι: "i", κ: "k", μ: "u", ν: "v", ο: "o", π: "n", ρ: "p", σ: "o",
  ς: "c", τ: "t", υ: "u", χ: "x", ω: "w",
  // Latin letters without a decomposition
  ı: "i", ȷ: "j", ł: "l", ø: "o", đ: "d", ħ: "h", ŧ: "t", ƀ: "b", ɑ: "a", ɡ: "g", ɩ: "i", ʋ: "v", ɵ: "o", ß: "ss",
  æ: "ae", œ: "oe",
  // Small capitals
  ᴀ: "a", ʙ: "b", ᴄ: "c", ᴅ: "d", ᴇ: "e", ғ: "f", ɢ: "g", ʜ: "h", ɪ: "i", ᴊ: "j", ᴋ: "k", ʟ: "l", ᴍ: "m", ɴ: "n",
  ᴏ: "o", ᴘ: "p", ʀ: "r", ꜱ: "s", ᴛ: "t", ᴜ: "u", ᴠ: "v", ᴡ: "w", ʏ: "y", ᴢ: "z",
  // Digits and signs written for letters
  "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "@": "a", $: "s", "€": "e", "|": "l", "!": "l",
};

/** The ones that look alike among themselves (I, l, 1, |) become one letter. */
const SAME_SHAPE = /l/g;

const MARKS = /\p{M}/gu;
const LETTERS = /[a-z]+/g;
const DIGITS_AND_SIGNS = /[0-9@$€|!]/;

/** The words of `text` after folding; `withDigits` says whether digits may stand for letters. */
function foldedWords(text: string, withDigits: boolean): string[] {
  const decomposed = stripInvisible(text).replace(/\p{Cf}/gu, "").normalize("NFKD").replace(MARKS, "");
  let folded = "";
  for (const char of decomposed) {
    const capital = CAPITALS[char];
    if (capital) {
      folded += capital;
      continue;
    }
    const small = char.toLowerCase();
    const mapped = SMALL[small];
    folded += mapped === undefined ? small : DIGITS_AND_SIGNS.test(small) && !withDigits ? " " : mapped;
  }
  return (folded.match(LETTERS) ?? []).map((word) => word.replace(SAME_SHAPE, "i").replace(/rn/g, "m").replace(/vv/g, "w"));
}

/** The letters of the skeleton, for tests and for people reading logs. */
export function confusableSkeleton(text: string): string {
  return foldedWords(text, true).join("");
}

const STAFF_SKELETONS = new Set(STAFF_WORDS.map((word) => confusableSkeleton(word)));
const BRAND_SKELETON = confusableSkeleton(BRAND);

function spellsStaffWord(words: string[]): boolean {
  for (let start = 0; start < words.length; start++) {
    let joined = "";
    for (let end = start; end < words.length; end++) {
      joined += words[end];
      if (joined.length > 20) break;
      if (STAFF_SKELETONS.has(joined)) return true;
    }
  }
  return false;
}

/** True when a display name would pass for Kringwaar or its staff. */
export function imitatesStaff(name: string): boolean {
  // Digits both ways: "adm1n" is "admin", and "Admin2024" is "Admin" and a year.
  for (const words of [foldedWords(name, true), foldedWords(name, false)]) {
    if (words.join("").includes(BRAND_SKELETON)) return true;
    if (spellsStaffWord(words)) return true;
  }
  return false;
}

const CONTROLS = /[\p{Cc}\u2028\u2029]/u;
const FORMAT = /\p{Cf}/u;

/** True when the text holds control or format characters that a name may not. */
export function hasControlCharacters(text: string): boolean {
  return CONTROLS.test(text) || FORMAT.test(stripInvisible(text));
}

export const NAME_CHARACTERS_MESSAGE = "Name contains characters that are not allowed (such as line breaks or tabs)";
export const NAME_RESERVED_MESSAGE = "This name is reserved for Kringwaar staff; choose a name that does not look like Kringwaar or its team";
export const COMPANY_RESERVED_MESSAGE =
  "This company name is reserved for Kringwaar; choose one that does not look like Kringwaar or its team";
export const COMPANY_CHARACTERS_MESSAGE = "Company name contains characters that are not allowed (such as line breaks or tabs)";
