/**
 * Code 128 (ISO/IEC 15417), code set B only: every printable ASCII character (32–126),
 * which covers our tracking codes ("3STEST…"). A symbol is a start code, one code per
 * character, a check code (start value + Σ position × value, modulo 103) and the stop
 * pattern. Each code is 3 bars and 3 spaces whose widths (in modules) sum to 11; the stop
 * is 4 bars and 3 spaces, 13 modules. The label draws the bars; tests decode the widths.
 */

/** Bar/space widths per code value 0–105; index 106 is the stop pattern. */
// prettier-ignore
export const CODE128_PATTERNS: readonly string[] = [
  "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
  "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
  "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
  "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
  "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
  "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
  "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
  "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
  "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
  "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
  "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
];

export const START_B = 104;
export const STOP = 106;

/** The code values of a Code 128-B symbol: start, data, check, stop. */
export function code128Values(text: string): number[] {
  if (text.length === 0) throw new RangeError("Code 128: nothing to encode");
  const values = [START_B];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 32 || code > 126) throw new RangeError(`Code 128-B cannot encode ${JSON.stringify(char)}`);
    values.push(code - 32);
  }
  const check = values.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  return [...values, check, STOP];
}

/**
 * The symbol as alternating bar and space widths in modules, starting with a bar and
 * ending with the stop's final bar (quiet zones not included: leave 10 modules each side).
 */
export function code128Widths(text: string): number[] {
  return code128Values(text).flatMap((value) => [...CODE128_PATTERNS[value]!].map(Number));
}

/** Reads widths back into text (what a scanner does); throws on a bad pattern or check. */
export function decodeCode128Widths(widths: readonly number[]): string {
  const byPattern = new Map(CODE128_PATTERNS.map((pattern, value) => [pattern, value]));
  const values: number[] = [];
  let index = 0;
  while (index < widths.length) {
    const size = widths.length - index === 7 ? 7 : 6;
    const value = byPattern.get(widths.slice(index, index + size).join(""));
    if (value === undefined) throw new Error(`Code 128: no symbol at element ${index}`);
    values.push(value);
    index += size;
  }
  if (values[0] !== START_B || values.at(-1) !== STOP || values.length < 4) {
    throw new Error("Code 128: not a code set B symbol");
  }
  const data = values.slice(1, -2);
  const check = [START_B, ...data].reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  if (check !== values.at(-2)) throw new Error("Code 128: check digit mismatch");
  return String.fromCharCode(...data.map((value) => value + 32));
}
