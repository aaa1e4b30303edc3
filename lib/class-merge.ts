/**
 * A small Tailwind class merger for `cn()`: a later class wins over an earlier one of the
 * same kind (`p-4 px-2` keeps both, `px-2 p-4` keeps `p-4`), under the same variants and
 * important flag. It replaces tailwind-merge (8.4 KB gzipped on every page; this is under
 * 4 KB) and follows its algorithm and its grouping for the utilities this code base
 * writes: the classes are read
 * right to left, each one's group is looked up, and a class is dropped when a later one
 * already claimed its group (or a group that covers it, as `p` covers `px` and `pt`).
 *
 * A class it does not know is kept, like any non-Tailwind class. tests/unit/class-merge
 * checks every pair of classes found in components/ and app/ against tailwind-merge, so a
 * new utility family that would need a group shows up there.
 */

type Resolver = (value: string) => string | undefined;

const ARBITRARY = /^\[(?:(\w[\w-]*):)?(.+)\]$/;
const VARIABLE = /^\((?:(\w[\w-]*):)?(.+)\)$/;
const LENGTH =
  /\d+(%|px|r?em|[sdl]?v([hwib]|min|max)|pt|pc|in|cm|mm|cap|ch|ex|r?lh|cq(w|h|i|b|min|max))|\b(calc|min|max|clamp)\(.+\)|^0$/;
const COLOR_FUNCTION = /^(rgba?|hsla?|hwb|(ok)?(lab|lch)|color-mix|color|light-dark)\(.+\)$/;
const SHADOW = /^(inset_)?-?((\d+)?\.?(\d+)[a-z]+|0)_-?((\d+)?\.?(\d+)[a-z]+|0)/;
const IMAGE = /^(url|image|image-set|cross-fade|element|(repeating-)?(linear|radial|conic)-gradient)\(.+\)$/;
const TSHIRT = /^(\d+(\.\d+)?)?(xs|sm|md|lg|xl)$/;

const isNumber = (value: string) => value !== "" && !Number.isNaN(Number(value));

/** `[label:value]` or `(label:value)`: the label, or the test of the bare value. */
function arbitrary(value: string, labels: string[], test: (inner: string) => boolean, variableWithoutLabel = false): boolean {
  const match = ARBITRARY.exec(value);
  if (match) return match[1] ? labels.includes(match[1]) : test(match[2]!);
  const variable = VARIABLE.exec(value);
  if (variable) return variable[1] ? labels.includes(variable[1]) : variableWithoutLabel;
  return false;
}

const isLength = (value: string) =>
  arbitrary(value, ["length"], (inner) => LENGTH.test(inner) && !COLOR_FUNCTION.test(inner));
/** A width: `border`, `border-2`, `border-[3px]`. */
const isWidth = (value: string) => value === "" || isNumber(value) || isLength(value);
const isShadow = (value: string) => value === "" || value === "none" || TSHIRT.test(value) || arbitrary(value, ["shadow"], (inner) => SHADOW.test(inner), true);

/** Whether `value` is one of the space-separated words of `list`. */
const isOneOf = (list: string, value: string) => ` ${list} `.includes(` ${value} `);
const pick =
  (list: string, group: string, otherwise?: Resolver): Resolver =>
  (value) =>
    isOneOf(list, value) ? group : otherwise?.(value);
const always = (group: string): Resolver => () => group;
const isArbitrary = (value: string) => ARBITRARY.test(value) || VARIABLE.test(value);
/** A spacing value (`4`, `px`, `[3px]`) or one of `words`: a class of `group`; otherwise no class. */
const spacing =
  (group: string, words = ""): Resolver =>
  (value) =>
    isNumber(value) || isArbitrary(value) || isOneOf(`px ${words}`, value) ? group : undefined;
const INSET = "auto full";
const isInset = (group: string): Resolver => (value) => (/^\d+(\.\d+)?\/\d+(\.\d+)?$/.test(value) ? group : spacing(group, INSET)(value));
const POSITIONS = "bottom center left left-bottom left-top right right-bottom right-top top bottom-left bottom-right top-left top-right";

/** Classes that are a whole utility by themselves. */
const KEYWORDS: Record<string, string> = {};
for (const [group, list] of Object.entries({
  display:
    "block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid inline-grid contents list-item hidden",
  position: "static fixed absolute relative sticky",
  visibility: "visible invisible collapse",
  sr: "sr-only not-sr-only",
  isolation: "isolate isolation-auto",
  "text-overflow": "truncate text-ellipsis text-clip",
  "text-decoration": "underline overline line-through no-underline",
  "text-transform": "uppercase lowercase capitalize normal-case",
  "font-style": "italic not-italic",
  "fvn-normal": "normal-nums",
  "fvn-ordinal": "ordinal",
  "fvn-slashed-zero": "slashed-zero",
  "fvn-figure": "lining-nums oldstyle-nums",
  "fvn-spacing": "proportional-nums tabular-nums",
  "fvn-fraction": "diagonal-fractions stacked-fractions",
  transform: "transform transform-none transform-gpu transform-cpu",
  "font-smoothing": "antialiased subpixel-antialiased",
  container: "container",
})) {
  for (const word of list.split(" ")) KEYWORDS[word] = group;
}

const color = (group: string): Resolver => always(group);
const SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];

/** Utility prefixes (the part before the value) and how the value picks the group. */
const PREFIXES: Record<string, Resolver> = {
  // Layout
  overflow: always("overflow"),
  "overflow-x": always("overflow-x"),
  "overflow-y": always("overflow-y"),
  overscroll: always("overscroll"),
  "overscroll-x": always("overscroll-x"),
  "overscroll-y": always("overscroll-y"),
  inset: isInset("inset"),
  "inset-x": isInset("inset-x"),
  "inset-y": isInset("inset-y"),
  start: isInset("start"),
  end: isInset("end"),
  top: isInset("top"),
  right: isInset("right"),
  bottom: isInset("bottom"),
  left: isInset("left"),
  z: (value) => (/^\d+$/.test(value) || value === "auto" || isArbitrary(value) ? "z" : undefined),
  order: (value) => (/^\d+$/.test(value) || isOneOf("first last none", value) || isArbitrary(value) ? "order" : undefined),
  aspect: always("aspect"),
  columns: always("columns"),
  float: always("float"),
  clear: always("clear"),
  box: pick("border content", "box"),
  object: pick("contain cover fill none scale-down", "object-fit", (value) => (isOneOf(POSITIONS, value) || isArbitrary(value) ? "object-position" : undefined)),
  // Flexbox and grid
  flex: pick("row row-reverse col col-reverse", "flex-direction", pick("wrap wrap-reverse nowrap", "flex-wrap", always("flex"))),
  basis: always("basis"),
  grow: always("grow"),
  shrink: always("shrink"),
  "grid-cols": always("grid-cols"),
  "grid-rows": always("grid-rows"),
  "grid-flow": always("grid-flow"),
  col: always("col-start-end"),
  "col-start": always("col-start"),
  "col-end": always("col-end"),
  row: always("row-start-end"),
  "row-start": always("row-start"),
  "row-end": always("row-end"),
  "auto-cols": always("auto-cols"),
  "auto-rows": always("auto-rows"),
  gap: spacing("gap"),
  "gap-x": spacing("gap-x"),
  "gap-y": spacing("gap-y"),
  justify: always("justify-content"),
  "justify-items": always("justify-items"),
  "justify-self": always("justify-self"),
  items: always("align-items"),
  self: always("align-self"),
  content: (value) =>
    value === "none" || isArbitrary(value)
      ? "content"
      : isOneOf("normal center start end between around evenly baseline stretch center-safe end-safe", value)
        ? "align-content"
        : undefined,
  "place-content": always("place-content"),
  "place-items": always("place-items"),
  "place-self": always("place-self"),
  // Spacing and sizing (margins, paddings and scroll margins below)
  "space-x": pick("reverse", "space-x-reverse", spacing("space-x")),
  "space-y": pick("reverse", "space-y-reverse", spacing("space-y")),
  size: always("size"),
  w: always("w"),
  "min-w": always("min-w"),
  "max-w": always("max-w"),
  h: always("h"),
  "min-h": always("min-h"),
  "max-h": always("max-h"),
  // Typography
  font: (value) =>
    isOneOf("thin extralight light normal medium semibold bold extrabold black", value) || isNumber(value) || arbitrary(value, ["number", "weight"], () => true, true)
      ? "font-weight"
      : "font-family",
  text: (value) =>
    value === "base" || TSHIRT.test(value) || isLength(value)
      ? "font-size"
      : isOneOf("left center right justify start end", value)
        ? "text-alignment"
        : isOneOf("wrap nowrap balance pretty", value)
          ? "text-wrap"
          : "text-color",
  leading: always("leading"),
  tracking: always("tracking"),
  "line-clamp": always("line-clamp"),
  list: pick("inside outside", "list-style-position", always("list-style-type")),
  decoration: (value) => (isOneOf("solid dashed dotted double wavy", value) ? "text-decoration-style" : isWidth(value) || value === "auto" || value === "from-font" ? "text-decoration-thickness" : "text-decoration-color"),
  "underline-offset": always("underline-offset"),
  indent: always("indent"),
  align: always("vertical-align"),
  whitespace: always("whitespace"),
  break: pick("normal words all keep", "break"),
  hyphens: always("hyphens"),
  // Backgrounds
  bg: (value) =>
    isOneOf("fixed local scroll", value)
      ? "bg-attachment"
      : isOneOf("bottom center left left-bottom left-top right right-bottom right-top top bottom-left bottom-right top-left top-right", value) ||
          arbitrary(value, ["position", "percentage"], () => false)
        ? "bg-position"
        : isOneOf("repeat no-repeat repeat-x repeat-y repeat-round repeat-space", value)
          ? "bg-repeat"
          : isOneOf("auto cover contain", value) || arbitrary(value, ["length", "size", "bg-size"], () => false)
            ? "bg-size"
            : value === "none" || /^(linear|radial|conic)-/.test(value) || arbitrary(value, ["image", "url"], (inner) => IMAGE.test(inner))
              ? "bg-image"
              : "bg-color",
  // Borders, outlines, rings, shadows
  rounded: always("rounded"),
  border: (value) =>
    isWidth(value) ? "border-w" : isOneOf("solid dashed dotted double hidden none", value) ? "border-style" : isOneOf("collapse separate", value) ? "border-collapse" : "border-color",
  divide: (value) => (isOneOf("solid dashed dotted double none", value) ? "divide-style" : "divide-color"),
  "divide-x": pick("reverse", "divide-x-reverse", always("divide-x")),
  "divide-y": pick("reverse", "divide-y-reverse", always("divide-y")),
  outline: (value) => (isOneOf("solid dashed dotted double none hidden", value) ? "outline-style" : isWidth(value) ? "outline-w" : "outline-color"),
  "outline-offset": always("outline-offset"),
  ring: (value) => (value === "inset" ? "ring-w-inset" : isWidth(value) ? "ring-w" : "ring-color"),
  "ring-offset": (value) => (isNumber(value) || isLength(value) ? "ring-offset-w" : "ring-offset-color"),
  shadow: (value) => (isShadow(value) ? "shadow" : "shadow-color"),
  opacity: always("opacity"),
  // Filters
  filter: always("filter"),
  blur: always("blur"),
  grayscale: always("grayscale"),
  "drop-shadow": (value) => (isShadow(value) ? "drop-shadow" : "drop-shadow-color"),
  "backdrop-blur": always("backdrop-blur"),
  "backdrop-filter": always("backdrop-filter"),
  // Transitions, animation and transforms
  transition: pick("normal discrete", "transition-behavior", always("transition")),
  duration: always("duration"),
  ease: always("ease"),
  delay: always("delay"),
  // Only Tailwind's own animations, as tailwind-merge: ours (animate-fade-in, …) stay side by side.
  animate: (value) => (isOneOf("none spin ping pulse bounce", value) || isArbitrary(value) ? "animate" : undefined),
  scale: always("scale"),
  "scale-x": always("scale-x"),
  "scale-y": always("scale-y"),
  rotate: always("rotate"),
  translate: pick("none", "translate-none", always("translate")),
  "translate-x": always("translate-x"),
  "translate-y": always("translate-y"),
  "skew-x": always("skew-x"),
  "skew-y": always("skew-y"),
  origin: always("transform-origin"),
  // Interactivity and SVG
  cursor: always("cursor"),
  "pointer-events": always("pointer-events"),
  select: always("select"),
  resize: always("resize"),
  appearance: always("appearance"),
  accent: color("accent"),
  caret: color("caret"),
  "will-change": always("will-change"),
  fill: color("fill"),
  stroke: (value) => (isNumber(value) || isLength(value) ? "stroke-w" : "stroke"),
};
// Margins, paddings and their scroll variants: m, mx, …, ml; p, …; scroll-m…, scroll-p…
for (const base of ["m", "p", "scroll-m", "scroll-p"]) {
  for (const side of ["", ...SIDES]) PREFIXES[base + side] = spacing(base + side, base.endsWith("m") ? "auto" : "");
}
// Border widths and colours per side.
for (const side of SIDES) {
  PREFIXES[`border-${side}`] = (value) => (isWidth(value) ? `border-w-${side}` : `border-color-${side}`);
}
// Corners: rounded-t, rounded-tl, …
for (const corner of ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"]) {
  PREFIXES[`rounded-${corner}`] = always(`rounded-${corner}`);
}
const PREFIX_LIST = Object.keys(PREFIXES).sort((a, b) => b.length - a.length);
/** Prefixes that are a utility without a value as well (`border`, `shadow`, `grow`). */
const BARE =
  "border border-x border-y border-s border-e border-t border-r border-b border-l rounded shadow ring outline transition resize blur grayscale drop-shadow backdrop-blur filter backdrop-filter divide-x divide-y grow shrink rounded-s rounded-e rounded-t rounded-r rounded-b rounded-l rounded-ss rounded-se rounded-ee rounded-es rounded-tl rounded-tr rounded-br rounded-bl";

/** Groups that a class of the key's group also overrides (tailwind-merge's defaults). */
const CONFLICTS: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["start", "end", "right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  "fvn-normal": ["fvn-ordinal", "fvn-slashed-zero", "fvn-figure", "fvn-spacing", "fvn-fraction"],
  "fvn-ordinal": ["fvn-normal"],
  "fvn-slashed-zero": ["fvn-normal"],
  "fvn-figure": ["fvn-normal"],
  "fvn-spacing": ["fvn-normal"],
  "fvn-fraction": ["fvn-normal"],
  rounded: ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"].map((corner) => `rounded-${corner}`),
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  translate: ["translate-x", "translate-y", "translate-none"],
  "translate-none": ["translate", "translate-x", "translate-y"],
};
// p covers px, py and every side; px covers left and right (and start/end); likewise
// for margins, scroll margins and paddings, border widths and border colours.
for (const [all, prefix] of [
  ["m", "m"],
  ["p", "p"],
  ["scroll-m", "scroll-m"],
  ["scroll-p", "scroll-p"],
  ["border-w", "border-w-"],
  ["border-color", "border-color-"],
] as const) {
  CONFLICTS[all] = SIDES.map((side) => prefix + side);
  CONFLICTS[prefix + "x"] = ["s", "e", "r", "l"].map((side) => prefix + side);
  CONFLICTS[prefix + "y"] = ["t", "b"].map((side) => prefix + side);
}

const ORDER_SENSITIVE = "* ** after backdrop before details-content file first-letter first-line marker placeholder selection";

/** The group of a utility without its variants, important flag and minus sign. */
export function classGroup(utility: string): string | undefined {
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  // An arbitrary property, `[mask-type:luminance]`: the property is the group.
  if (utility.startsWith("[")) {
    const colon = utility.indexOf(":");
    return colon > 1 && utility.endsWith("]") ? `arbitrary..${utility.slice(1, colon)}` : undefined;
  }
  for (const prefix of PREFIX_LIST) {
    if (utility === prefix) return isOneOf(BARE, prefix) ? PREFIXES[prefix]!("") : undefined;
    if (utility.startsWith(prefix) && utility[prefix.length] === "-" && utility.length > prefix.length + 1) {
      return PREFIXES[prefix]!(utility.slice(prefix.length + 1));
    }
  }
  return undefined;
}

/** Splits `md:hover:!-mt-2` into its variants, important flag and utility (`mt-2`). */
function parse(className: string): { variants: string[]; important: boolean; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index += 1) {
    const char = className[index];
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (char === ":" && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  let important = false;
  if (utility.endsWith("!")) {
    important = true;
    utility = utility.slice(0, -1);
  } else if (utility.startsWith("!")) {
    important = true;
    utility = utility.slice(1);
  }
  if (utility.startsWith("-") && utility.length > 1) utility = utility.slice(1);
  return { variants, important, utility };
}

/** Variants in a canonical order (`hover:focus:` = `focus:hover:`), except where order matters. */
function variantKey(variants: string[]): string {
  if (variants.length < 2) return variants[0] ?? "";
  const result: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || isOneOf(ORDER_SENSITIVE, variant)) {
      result.push(...run.sort(), variant);
      run = [];
    } else {
      run.push(variant);
    }
  }
  return [...result, ...run.sort()].join(":");
}

/** Later Tailwind classes win over earlier ones of the same group; other classes stay. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index -= 1) {
    const className = classes[index]!;
    if (!className) continue;
    const { variants, important, utility } = parse(className);
    const group = classGroup(utility);
    if (group) {
      const modifier = variantKey(variants) + (important ? "!" : "");
      if (taken.has(modifier + group)) continue;
      taken.add(modifier + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(modifier + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
