/**
 * cn()'s own class merger (lib/platform/class-merge.ts) against tailwind-merge, which it replaced
 * in the client bundles: the overrides our components really get through `className`, and
 * every pair of Tailwind classes written anywhere in components/ and app/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, test } from "vitest";
import { classGroup, mergeClasses } from "@/lib/platform/class-merge";
import { cn } from "@/lib/platform/utils";

/** Component defaults + the className a caller passes, as found in the code (2026-11). */
const OVERRIDES: [where: string, merged: string, expected: string][] = [
  // components/catalog/browse-view.tsx: the search field is taller, with room for the icon.
  [
    "Input in browse-view",
    "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base md:text-sm h-12 pl-10 text-base md:text-base",
    "flex w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 h-12 pl-10 text-base md:text-base",
  ],
  ["NativeSelect radius", "flex h-10 w-full min-w-0 appearance-none w-28", "flex h-10 min-w-0 appearance-none w-28"],
  [
    "Label in a filter field",
    "flex items-center gap-2 text-sm leading-none font-medium select-none text-xs text-muted-foreground",
    "flex items-center gap-2 font-medium select-none text-xs text-muted-foreground",
  ],
  // components/catalog/product-card.tsx: the reserved badge on a card.
  [
    "Badge warm on a card",
    "inline-flex w-fit rounded-full border px-2.5 py-0.5 text-xs border-transparent bg-warm/15 text-[oklch(0.45_0.12_45)] absolute top-2 left-2 bg-card shadow-sm",
    "inline-flex w-fit rounded-full border px-2.5 py-0.5 text-xs border-transparent text-[oklch(0.45_0.12_45)] absolute top-2 left-2 bg-card shadow-sm",
  ],
  // app/(shop)/page.tsx: a bigger badge.
  ["Badge on the home page", "gap-1 px-2.5 py-0.5 text-xs font-medium gap-1.5 px-3 py-1 text-sm", "font-medium gap-1.5 px-3 py-1 text-sm"],
  // components/auth/phone-input.tsx: the country button glued to the number field.
  [
    "Button in phone-input",
    "inline-flex gap-2 rounded-md text-sm font-medium border border-input bg-card h-10 px-4 py-2 has-[>svg]:px-3 h-10 gap-1 rounded-r-none border-r-0 px-2.5 font-normal",
    "inline-flex rounded-md text-sm border border-input bg-card py-2 has-[>svg]:px-3 h-10 gap-1 rounded-r-none border-r-0 px-2.5 font-normal",
  ],
  // components/layout/header-account.tsx and mobile menu: icon buttons.
  ["Button size-9", "h-10 px-4 py-2 bg-primary text-primary-foreground size-9 text-foreground/75", "px-4 py-2 bg-primary size-9 text-foreground/75"],
  ["Button rounded-full", "rounded-md h-10 px-4 py-2 h-9 rounded-full px-4", "py-2 h-9 rounded-full px-4"],
  // components/listing/listing-images.tsx: the small round buttons on a photo.
  [
    "Button on a photo",
    "rounded-md bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 size-10 absolute top-2 right-2 size-7 rounded-full bg-card/90 shadow-sm hover:bg-destructive hover:text-destructive-foreground",
    "text-primary-foreground absolute top-2 right-2 size-7 rounded-full bg-card/90 shadow-sm hover:bg-destructive hover:text-destructive-foreground",
  ],
  // components/notifications/bell-menu.tsx: a compact button.
  ["Button compact", "text-sm h-10 px-4 py-2 h-7 px-2 text-xs", "py-2 h-7 px-2 text-xs"],
  // Destructive text on a ghost button (cart, orders, my products).
  [
    "Button ghost destructive",
    "hover:bg-accent hover:text-accent-foreground text-destructive hover:bg-destructive/10 hover:text-destructive",
    "text-destructive hover:bg-destructive/10 hover:text-destructive",
  ],
  ["Button flex-1", "inline-flex shrink-0 items-center flex-1", "inline-flex items-center flex-1"],
  // components/dashboard/dashboard-tabs.tsx.
  [
    "TabsList in the dashboard",
    "inline-flex h-10 w-fit items-center justify-center rounded-lg bg-muted p-1 h-auto min-w-full justify-start gap-1 p-1 sm:min-w-0",
    "inline-flex w-fit items-center rounded-lg bg-muted h-auto min-w-full justify-start gap-1 p-1 sm:min-w-0",
  ],
  ["TabsTrigger in the dashboard", "inline-flex h-full flex-1 px-3 py-1 h-9 flex-none px-3", "inline-flex py-1 h-9 flex-none px-3"],
  ["Tabs gap", "flex flex-col gap-4 gap-6", "flex flex-col gap-6"],
  // components/dashboard/profile-form.tsx: a read-only field.
  ["Input read-only", "border-input bg-card px-3 bg-muted pr-9 text-muted-foreground", "border-input px-3 bg-muted pr-9 text-muted-foreground"],
  // components/dashboard/sales.tsx: the handover code field.
  [
    "Input handover code",
    "flex h-10 w-full text-base md:text-sm w-full font-mono text-lg tracking-[0.3em] tabular-nums sm:w-40",
    "flex h-10 md:text-sm w-full font-mono text-lg tracking-[0.3em] tabular-nums sm:w-40",
  ],
  // components/messaging/messages-view.tsx and review replies: shorter text areas.
  ["Textarea composer", "flex min-h-28 w-full min-h-11 flex-1 resize-none", "flex w-full min-h-11 flex-1 resize-none"],
  // components/layout/header.tsx: shown from md up only.
  ["display override", "inline-flex items-center hidden md:block", "items-center hidden md:block"],
  // app/(shop)/page.tsx: the logo mark, bigger and centred.
  [
    "LogoMark",
    "size-8 absolute top-1/2 left-1/2 size-28 -translate-x-1/2 -translate-y-1/2 drop-shadow-lg",
    "absolute top-1/2 left-1/2 size-28 -translate-x-1/2 -translate-y-1/2 drop-shadow-lg",
  ],
  // Padding sides: a later side padding stays beside an earlier all-sides one, not the reverse.
  ["padding sides", "p-4 pl-7", "p-4 pl-7"],
  ["padding all after sides", "px-2 pt-1 p-4", "p-4"],
  // Conditional classes joined in one cn() (components/catalog/browse-view.tsx's toggle).
  ["conditional colours", "text-muted-foreground hover:text-foreground bg-card text-foreground", "hover:text-foreground bg-card text-foreground"],
  // Not conflicting: alignment vs colour vs size, border width vs colour, ring width vs colour.
  ["text kinds", "text-center text-sm text-primary", "text-center text-sm text-primary"],
  ["border kinds", "border border-dashed border-primary/40 border-2", "border-dashed border-primary/40 border-2"],
  ["ring kinds", "ring-[3px] ring-ring/40 ring-1", "ring-ring/40 ring-1"],
  ["shadow size vs colour", "shadow-sm shadow-[0_0_0_1px_rgb(0_0_0/0.2)]", "shadow-[0_0_0_1px_rgb(0_0_0/0.2)]"],
  ["variants are separate", "focus-visible:ring-[3px] ring-1 md:px-4 px-2", "focus-visible:ring-[3px] ring-1 md:px-4 px-2"],
  ["variant order does not matter", "hover:focus:bg-muted focus:hover:bg-card", "focus:hover:bg-card"],
  ["important is separate", "p-2 !p-4 p-3", "!p-4 p-3"],
  ["negative values", "-mt-2 mt-4", "mt-4"],
  ["unknown classes stay", "leaflet-container kw-marker p-2 p-1", "leaflet-container kw-marker p-1"],
];

describe("cn", () => {
  test.each(OVERRIDES)("%s", (_where, input, expected) => {
    expect(mergeClasses(input)).toBe(expected);
    expect(mergeClasses(input)).toBe(twMerge(input));
  });

  test("joins conditional classes like clsx and merges them", () => {
    expect(cn("px-2", false, undefined, ["py-1", { "px-4": true, hidden: false }])).toBe("py-1 px-4");
    expect(cn()).toBe("");
    expect(cn("  a  ", "b")).toBe("a b");
  });
});

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, out);
    else if (/\.tsx?$/.test(entry.name)) out.push(file);
  }
  return out;
}

/** Every token of every string literal in components/, app/ and lib/. */
function tokensInUse(): string[] {
  const tokens = new Set<string>();
  const files = ["components", "app", "lib"].flatMap((dir) => sourceFiles(dir));
  // The merger's own group names are not classes.
  for (const file of files.filter((name) => !name.endsWith("class-merge.ts"))) {
    for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`|'([^'\n]*)'/g)) {
      for (const token of (match[1] ?? match[2] ?? match[3] ?? "").split(/\s+/)) {
        if (token && !/[${}]/.test(token)) tokens.add(token);
      }
    }
  }
  return [...tokens].sort();
}

/** The tokens tailwind-merge takes for a class: one of a group collapses with itself; other words stay twice. */
const isClass = (token: string) => twMerge(`${token} ${token}`) === token;

describe("every pair of classes in our code merges as tailwind-merge merged it", () => {
  const tokens = tokensInUse();
  const classes = tokens.filter(isClass);

  test("the scan finds our classes", () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toEqual(expect.arrayContaining(["px-4", "md:text-sm", "hover:bg-accent", "size-9", "rounded-r-none"]));
  });

  test("each class has a group", () => {
    const missing = classes.filter((token) => mergeClasses(`${token} ${token}`) !== token);
    expect(missing).toEqual([]);
    // …and words that are no Tailwind class (test ids, CSS classes of Leaflet) are left alone.
    const grouped = tokens.filter((token) => !isClass(token) && mergeClasses(`${token} ${token}`) === token);
    expect(grouped).toEqual([]);
  });

  test("pairs under the same variants", () => {
    // Only classes with the same variants (and important flag) can conflict.
    const byVariants = new Map<string, string[]>();
    for (const token of classes) {
      const variants = token.slice(0, token.length - (token.split(/:(?![^[(]*[\])])/).pop() ?? "").length);
      const key = variants.split(":").sort().join(":");
      byVariants.set(key, [...(byVariants.get(key) ?? []), token]);
    }
    const wrong: string[] = [];
    for (const group of byVariants.values()) {
      for (const a of group) {
        for (const b of group) {
          if (a === b) continue;
          const input = `${a} ${b}`;
          const expected = twMerge(input);
          if (mergeClasses(input) !== expected) wrong.push(`${input} → ${expected} (got ${mergeClasses(input)}; groups ${classGroup(a)}, ${classGroup(b)})`);
        }
      }
    }
    expect(wrong.slice(0, 40)).toEqual([]);
  });
});

describe("cn() remembers what it merged", () => {
  test("the same list twice, and more lists than it keeps, merge as mergeClasses does", () => {
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    expect(cn("px-2 py-1", "px-4")).toBe("py-1 px-4");
    for (let i = 0; i < 1200; i++) {
      const list = `h-${i % 97} w-4 text-sm h-${(i % 89) + 1} hover:bg-muted`;
      expect(cn(list), list).toBe(mergeClasses(list));
      expect(cn(list, { "w-8": i % 2 === 0 }), list).toBe(mergeClasses(`${list}${i % 2 === 0 ? " w-8" : ""}`));
    }
  });
});
