/**
 * Text hygiene in one place. The route wrapper applies the
 * first part to every JSON body and query string; schemas use the helpers for names
 * and titles.
 *
 *  - NUL characters and lone UTF-16 surrogates are refused (422): PostgreSQL cannot store
 *    NUL, and a lone surrogate is not text.
 *  - Everything else is normalised to NFC, so "é" typed two ways is one "é".
 *  - Names and titles lose zero-width and bidirectional control characters (which can
 *    hide text or turn "Admin\\u202eKringwaar" around on screen); nothing left means
 *    the field is empty ('required').
 *  - A user's name may not imitate staff ("Kringwaar", "Admin", "Support Team").
 */
import { AppError } from "./errors";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// Zero-width, joiners, word joiner, BOM, soft hyphen, and the bidi embeddings, overrides
// and isolates (U+202A–202E, U+2066–2069), LRM/RLM/ALM.
const INVISIBLE = /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/** Fields whose exact characters matter (passwords are compared as typed). */
const VERBATIM_KEYS = new Set(["password", "current_password", "new_password", "token"]);

export function hasForbiddenCharacters(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

function refuse(field: string): never {
  const message = "Text contains characters that are not allowed";
  throw new AppError("validation", message, { code: "invalid_characters", errors: [{ field, message }] });
}

/**
 * How deeply arrays and objects may nest in a body. No request of ours nests more than a
 * few levels; the cap keeps the walk below (and zod's after it) from running out of
 * stack on `[[[[…` (a 64 KB body can nest 32,000 deep), which would be a 500.
 */
export const MAX_JSON_DEPTH = 32;

/** Checks and NFC-normalises every string in a parsed JSON value (a new value). */
export function cleanJson(value: unknown, path = "body", depth = 0): unknown {
  if (typeof value === "string") {
    if (hasForbiddenCharacters(value)) refuse(path);
    return value.normalize("NFC");
  }
  if (value && typeof value === "object" && depth >= MAX_JSON_DEPTH) {
    throw new AppError("bad_request", "Request body nested too deeply", { code: "too_deep" });
  }
  if (Array.isArray(value)) return value.map((item, i) => cleanJson(item, `${path}.${i}`, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacters(key)) refuse(path);
      out[key] = VERBATIM_KEYS.has(key) && typeof item === "string" ? (hasForbiddenCharacters(item) ? refuse(key) : item) : cleanJson(item, key, depth + 1);
    }
    return out;
  }
  return value;
}

/** The same for query values. */
export function cleanQueryValue(key: string, value: string): string {
  if (hasForbiddenCharacters(value) || hasForbiddenCharacters(key)) refuse(key);
  return value.normalize("NFC");
}

/** A name or title without invisible and direction-changing characters, trimmed. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "").normalize("NFC").trim();
}
