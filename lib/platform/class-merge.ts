/**
 * A small Tailwind class merger for `cn()`: a later class wins over an earlier one of the
 * same kind (`p-4 px-2` keeps both, `px-2 p-4` keeps `p-4`), under the same variants and
 * important flag. It replaces tailwind-merge (8.4 KB gzipped on every page; this is 2 KB)
 * and follows its algorithm: the classes are read right to left, each one's group
 * is found, and a class is dropped when a later one already claimed its group or a group
 * that covers it (`p` covers `px` and `pl`, `px` covers `pl`, `size` covers `w`).
 *
 * The group is the class's prefix (`px-4` → `p-x`, `top-2` → `inset-t`, `border-l-2` →
 * `border-w-l`), with a look at the value only where a prefix means several things
 * (`text-sm` is a size, `text-center` an alignment, `text-primary` a colour) or where words
 * in our code share a prefix with a utility (`order-status`, `animate-fade-in`). It knows
 * the utility families this code base writes, not all of Tailwind's: a class it does not
 * know is kept, like any non-Tailwind class. tests/unit/class-merge checks every pair of
 * classes found in components/, app/ and lib/ against tailwind-merge, so a utility that
 * needs a rule, or a word that must not be taken for one, shows up there.
 */

type Rule = (value: string) => string | undefined;

/** A length in brackets: `[3px]`, `[0.3em]`, `[calc(…)]`, `[length:…]`. */
const LENGTH = "\\[(length:|[\\d.]+[a-z%]+\\]|0\\]|calc\\()";
/** A border, ring or outline width: none (`border`), a number or a length. */
const WIDTH = RegExp(`^(\\d*$|${LENGTH})`);
const STYLES = /^(solid|dashed|dotted|double|none|hidden)$/;

/** A rule that gives `group` to values that match `test`, else tries `otherwise`. */
const pick =
  (test: RegExp, group: string, otherwise?: string | Rule): Rule =>
  (value) =>
    test.test(value) ? group : typeof otherwise == "function" ? otherwise(value) : otherwise;

/** Classes that are a whole utility by themselves, by group. */
const GROUPS: Record<string, string> = {};
for (const entry of "display:block inline-block inline flex inline-flex grid inline-grid contents hidden|position:static fixed absolute relative sticky|visibility:visible invisible|sr:sr-only not-sr-only|isolation:isolate|ellipsis:truncate text-ellipsis text-clip|decoration:underline line-through no-underline|case:uppercase lowercase capitalize|italic:italic not-italic|nums:tabular-nums".split(
  "|",
)) {
  const [group, words] = entry.split(":");
  for (const word of words!.split(" ")) GROUPS[word] = group!;
}

/** A spacing, inset or margin value: `4`, `0.5`, `px`, `1/2`, `auto`, `full`, `[3px]`. */
const SPACING = "-([\\d.]+(/\\d+)?|px|auto|full|\\[.+\\]|\\(.+\\))$";
/** `p-4`, `px-4` (group p-x), `-mt-2` (m-t), `scroll-mt-20` (scroll-m-t). */
const SIDED = RegExp("^(scroll-)?([pm])([xysetrbl]?)" + SPACING);
/** Insets (`top` is inset-t, so that `inset-y` covers it), gaps and space between. */
const INSETS = RegExp("^(inset(-[xy])?|top|right|bottom|left|start|end|gap(-[xy])?|space-[xy])" + SPACING);
const INSET_SIDES: Record<string, string> = { top: "t", right: "r", bottom: "b", left: "l", start: "s", end: "e" };
/** Prefixes whose every value is a class of their group (`w-4`, `overflow-x-auto`, `rounded-t-lg`). */
const PLAIN =
  /^(overflow(-[xy])?|overscroll|aspect|basis|grow|shrink|grid-(cols|rows)|(col|row)(-start|-end)?|justify(-self|-items)?|items|self|size|(min-|max-)?[wh]|leading|tracking|line-clamp|underline-offset|align|whitespace|break|list|rounded(-[tb]?[setrbl])?|opacity|filter|blur|grayscale|backdrop-blur|drop-shadow|transition|duration|ease|delay|scale|rotate|translate-[xy]|origin|cursor|pointer-events|select|resize|appearance|accent|fill|z|divide-[xy])(-.+)?$/;
/** Of those, the ones that are a utility without a value as well (`rounded`, `transition`). */
const BARE = /^(border(-[xysetrbl])?|rounded(-[tb]?[setrbl])?|shadow|ring|outline|transition|resize|blur|grayscale|drop-shadow|backdrop-blur|filter|divide-[xy]|grow|shrink)$/;

/** Prefixes that mean several things, and the group each value gives. */
const PREFIXES: Record<string, Rule> = {
  text: pick(
    RegExp(`^((\\d?xl|xs|sm|base|lg)$|${LENGTH})`),
    "font-size",
    pick(/^(left|center|right|justify|start|end)$/, "text-align", pick(/^(wrap|nowrap|balance|pretty)$/, "text-wrap", "text")),
  ),
  font: pick(/^(\d+|thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight", "font"),
  bg: pick(/^(none$|\[?(url|image:|linear-|radial-|conic-|repeating-))/, "bg-image", pick(/^(auto|cover|contain)$/, "bg-size", "bg")),
  border: pick(WIDTH, "border-w", pick(STYLES, "border-style", "border")),
  ring: pick(/^inset$/, "ring-inset", pick(WIDTH, "ring-w", "ring")),
  "ring-offset": pick(WIDTH, "ring-offset-w", "ring-offset"),
  outline: pick(STYLES, "outline-style", pick(WIDTH, "outline-w", "outline")),
  shadow: pick(/^((\d?xl|xs|sm|md|lg|none|)$|\[(inset_)?-?[\d.]+[a-z]*_)/, "shadow", "shadow-color"),
  flex: pick(/^(row|col)(-reverse)?$/, "flex-direction", pick(/^(no)?wrap/, "flex-wrap", "flex")),
  stroke: pick(/^\d+$|^\[(?!#|rgb|hsl|ok|color|var)/, "stroke-w", "stroke"),
  // Where words of ours share a prefix with a utility (`object-src`, `order-status`,
  // `content-type`, `animate-fade-in`), only the utility's values.
  object: pick(/^(contain|cover|fill|none|scale-down)$/, "object"),
  order: pick(/^(\d+|first|last|none|\[.+\])$/, "order"),
  content: pick(/^none$|^\[/, "content"),
  animate: pick(/^(none|spin|ping|pulse|bounce|\[.+\])$/, "animate"),
};
// Border widths and colours per side: `border-l-2` (border-w-l), `border-l-primary` (border-l).
for (const side of "xysetrbl") PREFIXES[`border-${side}`] = pick(WIDTH, `border-w-${side}`, `border-${side}`);

/** Groups that a later class of another group also overrides, besides the sides below. */
const COVERED_BY: Record<string, string> = {
  w: "size",
  h: "size",
  leading: "font-size",
  basis: "flex",
  grow: "flex",
  shrink: "flex",
  display: "line-clamp",
  overflow: "line-clamp",
};

/** The group of a utility without its variants, important flag and minus sign. */
export function classGroup(utility: string): string | undefined {
  if (GROUPS[utility]) return GROUPS[utility];
  let match = SIDED.exec(utility);
  if (match) return (match[1] ?? "") + match[2] + (match[3] ? "-" + match[3] : "");
  if ((match = INSETS.exec(utility))) return INSET_SIDES[match[1]!] ? "inset-" + INSET_SIDES[match[1]!] : match[1];
  if ((match = PLAIN.exec(utility)) && (match[match.length - 1] || BARE.test(utility))) return match[1];
  if (BARE.test(utility)) return PREFIXES[utility]?.("");
  // The longest prefix before a dash, outside brackets: `border-l-2` is `border-l` + `2`.
  const end = utility.search(/[[(]/);
  for (let dash = (end < 0 ? utility : utility.slice(0, end)).lastIndexOf("-"); dash > 0; dash = utility.lastIndexOf("-", dash - 1)) {
    const rule = PREFIXES[utility.slice(0, dash)];
    if (rule) return dash < utility.length - 1 ? rule(utility.slice(dash + 1)) : undefined;
  }
  return undefined;
}

/** Whether a later class claimed a group that covers `group` (`p` and `p-x` cover `p-l`). */
function covered(group: string, claimed: (group: string) => boolean): boolean {
  const [, base, side] = /^(.+)-([xysetrbl]{1,2})$/.exec(group) ?? [];
  return (
    claimed(COVERED_BY[group]!) ||
    (!!base &&
      (claimed(base) ||
        (side![1] ? claimed(`${base}-${side![0]}`) || claimed(`${base}-${side![1]}`) : /[setrbl]/.test(side!) && claimed(base + (/[tb]/.test(side!) ? "-y" : "-x")))))
  );
}

const ORDER_SENSITIVE = /^(\*\*?|after|backdrop|before|details-content|file|first-letter|first-line|marker|placeholder|selection|\[.*)$/;

/** Later Tailwind classes win over earlier ones of the same group; other classes stay. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  for (const className of classList.trim().split(/\s+/).reverse()) {
    // Variants (`md:`, `hover:`, `[&_svg]:`), in a canonical order except where order matters.
    let modifier = "";
    let run: string[] = [];
    let depth = 0;
    let start = 0;
    for (let index = 0; index < className.length; index++) {
      const char = className[index]!;
      depth += "[(".includes(char) ? 1 : "])".includes(char) ? -1 : 0;
      if (char == ":" && !depth) {
        const variant = className.slice(start, index);
        if (ORDER_SENSITIVE.test(variant)) {
          modifier += run.sort() + variant + ":";
          run = [];
        } else run.push(variant);
        start = index + 1;
      }
    }
    let utility = className.slice(start);
    modifier += run.sort() + (/^!|!$/.test(utility) ? "!" : "") + ":";
    utility = utility.replace(/^!|!$/, "").replace(/^-(?=.)/, "");
    const group = classGroup(utility);
    if (group) {
      if (taken.has(modifier + group) || covered(group, (other) => taken.has(modifier + other))) continue;
      taken.add(modifier + group);
    }
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
