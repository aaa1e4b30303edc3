// Our client-side translator and formatter (lib/platform/i18n/client.ts, lib/platform/i18n/formatter.ts)
// against next-intl's: the same precompiled messages (compiled by next-intl's own catalog
// loader, as the build does) through use-intl's createTranslator with the formatter the
// build aliases in (`use-intl/format-message` → `format-only`, next.config.ts's
// precompile), and against the raw ICU messages through use-intl's full formatter. Every
// key of both languages, with values for every argument, in plain and rich form; the
// errors too.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as React from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import compile from "icu-minify/compile";
import loader from "next-intl/extractor/catalogLoader";
import { createFormatter as intlFormatter, createTranslator as intlTranslator } from "use-intl/core";
import { createTranslator, useLocale, useTranslations, type Messages } from "@/lib/platform/i18n/client";
import { createFormatter, useFormatter } from "@/lib/platform/i18n/formatter";
import { TIME_ZONE, type Locale } from "@/lib/platform/i18n/config";
import { IntlProvider } from "@/components/i18n/intl-provider";
import { MoreMessages } from "@/components/i18n/more-messages";

// What next.config.ts's precompile does to next-intl's formatting in every bundle: use-intl
// formats with `format-only`. Its full formatter (intl-messageformat) stays at hand for the
// comparison with the raw messages (vitest.config.ts runs use-intl through Vite for this).
const formatter = vi.hoisted(() => ({ full: false }));
vi.mock("use-intl/format-message", async (original) => {
  type Format = (...args: unknown[]) => unknown;
  const full = ((await original()) as { default: Format }).default;
  const only = ((await vi.importActual("use-intl/format-message/format-only")) as { default: Format }).default;
  return { default: (...args: unknown[]) => (formatter.full ? full : only)(...args) };
});

/** use-intl's createTranslator, untyped (it types keys from the messages' own type). */
type Reference = {
  (key: string, values?: unknown): string;
  rich(key: string, values?: unknown): unknown;
};
function reference(locale: Locale, messages: Messages, namespace?: string): Reference {
  return intlTranslator({ locale, messages, namespace, timeZone: TIME_ZONE } as never) as unknown as Reference;
}

/** use-intl's translator over the raw ICU messages, with its full formatter. */
function fromRaw(locale: Locale) {
  const t = reference(locale, raw(locale));
  const withFull = <T>(call: () => T): T => {
    formatter.full = true;
    try {
      return call();
    } finally {
      formatter.full = false;
    }
  };
  return {
    t: (key: string, values: unknown) => withFull(() => t(key, values)),
    rich: (key: string, values: unknown) => withFull(() => t.rich(key, values)),
  };
}

const LOCALES: Locale[] = ["nl", "en"];

/** messages/<locale>.json as the build's `import()` gets it: next-intl's catalog loader with precompile. */
async function precompiled(locale: Locale): Promise<Messages> {
  const file = path.join(process.cwd(), "messages", `${locale}.json`);
  const output = await new Promise<string>((resolve, reject) =>
    (loader as unknown as (this: object, source: string) => void).call(
      {
        getOptions: () => ({ messages: { format: "json", precompile: true } }),
        async: () => (error: Error | null, result: string) => (error ? reject(error) : resolve(result)),
        resourcePath: file,
        rootContext: process.cwd(),
      },
      readFileSync(file, "utf8"),
    ),
  );
  const json = /^export default JSON\.parse\((.*)\);$/s.exec(output);
  expect(json, "the catalog loader's output").not.toBeNull();
  return JSON.parse(JSON.parse(json![1]!)) as Messages;
}

function raw(locale: Locale): Messages {
  return JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Messages;
}

/** Every message's dotted key. */
function keys(messages: unknown, prefix = ""): string[] {
  if (typeof messages === "string" || Array.isArray(messages)) return [prefix];
  return Object.entries(messages as object).flatMap(([key, value]) => keys(value, prefix ? `${prefix}.${key}` : key));
}

function at(messages: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
}

type Kind = "string" | "number" | "date" | "plural" | "select" | "tag";
type Args = Map<string, { kind: Kind; options: string[] }>;

/**
 * The arguments of a compiled message and their kinds. icu-minify's format: a message is
 * a text or a list of parts; a part is a text, `0` (the plural's `#`) or a node
 * `[name, type?, ...]`: no type an argument, a number type a select (1), plural (2, 3),
 * number (4) or date/time (5, 6), anything else a tag whose children follow its name.
 */
function argumentsOf(message: unknown, found: Args = new Map()): Args {
  if (Array.isArray(message)) message.forEach((part) => part !== 0 && typeof part !== "string" && node(part as unknown[], found));
  return found;
}
function node([name, type, ...rest]: unknown[], found: Args): void {
  const add = (kind: Kind, options: string[] = []) =>
    found.set(name as string, { kind, options: [...(found.get(name as string)?.options ?? []), ...options] });
  if (type === undefined) add("string");
  else if (typeof type !== "number" || type === 0) {
    add("tag");
    argumentsOf([type, ...rest], found);
  } else if (type === 1 || type === 2 || type === 3) {
    add(type === 1 ? "select" : "plural", Object.keys(rest[0] as object));
    Object.values(rest[0] as object).forEach((branch) => argumentsOf(branch, found));
  } else if (type === 4) add("number");
  else add("date");
}

const SAMPLE_DATE = new Date("2026-03-29T01:30:00Z"); // the night the clocks go forward in Amsterdam
function candidates(kind: Kind, options: string[], name: string): unknown[] {
  switch (kind) {
    case "string":
      return [`‹${name}›`, 7];
    case "number":
      return [0, 1234.5];
    case "date":
      return [SAMPLE_DATE];
    case "plural":
      return [0, 1, 2, 5, 21, 1.5];
    case "select":
      return [...options.filter((option) => option !== "other"), "other", "somethingElse"];
    case "tag":
      return [];
  }
}

/** Every combination of the arguments' sample values (one at a time when that is too many). */
function valueSets(args: Args): Record<string, unknown>[] {
  const plain = [...args].filter(([, arg]) => arg.kind !== "tag");
  let sets: Record<string, unknown>[] = [{}];
  for (const [name, arg] of plain) {
    const values = candidates(arg.kind, arg.options, name);
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [name]: value })));
  }
  if (sets.length <= 300) return sets;
  const base = Object.fromEntries(plain.map(([name, arg]) => [name, candidates(arg.kind, arg.options, name)[0]]));
  return plain.flatMap(([name, arg]) => candidates(arg.kind, arg.options, name).map((value) => ({ ...base, [name]: value })));
}

/** A rich result as comparable data: texts, and elements with their type, key and children. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (React.isValidElement(node)) {
    const props = node.props as { children?: unknown };
    return { type: node.type, key: node.key, children: shape(props.children) };
  }
  return node;
}

type Translate = ReturnType<typeof createTranslator>;

describe("lib/platform/i18n/client.ts translates like next-intl", () => {
  const compiled = new Map<Locale, Messages>();
  beforeAll(async () => {
    for (const locale of LOCALES) compiled.set(locale, await precompiled(locale));
  });
  afterEach(() => vi.restoreAllMocks());

  for (const locale of LOCALES) {
    it(`every message of ${locale}, with every argument's sample values`, () => {
      const messages = compiled.get(locale)!;
      const ours = new Map<string | undefined, Translate>();
      const theirs = new Map<string | undefined, Reference>();
      const full = fromRaw(locale);
      let compared = 0;
      for (const key of keys(messages)) {
        const args = argumentsOf(at(messages, key));
        const tags = [...args].filter(([, arg]) => arg.kind === "tag").map(([name]) => name);
        // With a namespace (the first part, as most components ask) and without one.
        const namespace = key.split(".")[0]!;
        for (const [ns, rest] of [
          [namespace, key.slice(namespace.length + 1)],
          [undefined, key],
        ] as const) {
          if (!ours.has(ns)) {
            ours.set(ns, createTranslator(locale, messages, ns));
            theirs.set(ns, reference(locale, messages, ns));
          }
          const t = ours.get(ns)!;
          const expected = theirs.get(ns)!;
          expect(t.has(rest), key).toBe(true);
          for (const values of valueSets(args)) {
            if (tags.length === 0) {
              const text = t(rest, values as never);
              expect(text, `${key} ${JSON.stringify(values)}`).toBe(expected(rest, values));
              if (!ns) expect(text, `${key} from the raw message`).toBe(full.t(key, values as never));
              compared++;
              continue;
            }
            // Tags as elements (t.rich) and as strings (t(), as a component may pass them).
            const elements = Object.fromEntries(tags.map((tag) => [tag, (chunks: React.ReactNode) => React.createElement("b", { "data-tag": tag }, chunks)]));
            const rich = t.rich(rest, { ...values, ...elements } as never);
            expect(shape(rich), `${key} rich`).toEqual(shape(expected.rich(rest, { ...values, ...elements })));
            if (!ns) expect(shape(rich), `${key} rich, from the raw message`).toEqual(shape(full.rich(key, { ...values, ...elements } as never)));
            const strings = Object.fromEntries(tags.map((tag) => [tag, (chunks: React.ReactNode) => `[${tag}:${String(chunks)}]`]));
            expect(t(rest, { ...values, ...strings } as never), `${key} string tags`).toBe(expected(rest, { ...values, ...strings }));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(1500);
    });
  }

  it("arguments our texts do not use yet: dates, times, numbers, ordinals, nested tags", () => {
    const sources = {
      date: "{d, date}",
      dateShort: "On {d, date, short} at {d, time, short}",
      dateSkeleton: "{d, date, ::yyyyMMMMdEEEE} {d, time, ::Hm}",
      number: "{n, number} or {n, number, percent} or {n, number, ::currency/EUR}",
      ordinal: "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
      plural: "{n, plural, =0 {none} one {# item for {name}} other {# items for {name}}}",
      nested: "<b>{name}</b> has <i>{n, plural, one {<u>#</u> item} other {<u>#</u> items}}</i>.",
      escaped: "It''s '{literal}' and {name}",
    };
    for (const locale of LOCALES) {
      const messages = { x: Object.fromEntries(Object.entries(sources).map(([key, text]) => [key, compile(text)])) };
      const t = createTranslator(locale, messages, "x");
      const theirs = reference(locale, messages, "x");
      const tags = Object.fromEntries(["b", "i", "u"].map((tag) => [tag, (chunks: React.ReactNode) => React.createElement(tag, null, chunks)]));
      for (const d of [SAMPLE_DATE, new Date("2026-10-25T00:30:00Z"), new Date("2026-12-31T23:30:00Z"), Date.UTC(2026, 0, 1)]) {
        for (const n of [0, 1, 2, 3, 4, 11, 22, 0.256, 1234.5]) {
          const values = { d, n, name: "Sanne" };
          for (const key of Object.keys(sources)) {
            if (key === "nested") {
              const rich = t.rich(key, { ...values, ...tags } as never);
              expect(shape(rich), key).toEqual(shape(theirs.rich(key, { ...values, ...tags })));
            } else expect(t(key, values as never), `${locale} ${key} ${JSON.stringify(values)}`).toBe(theirs(key, values));
          }
        }
      }
    }
  });

  it("a missing text, namespace or argument, a rich text in t() and a formatting error: the same text and an error logged", () => {
    const messages = compiled.get("en")!;
    const cases: [string | undefined, (t: Translate | Reference) => unknown][] = [
      ["catalog.card", (t) => t("nothingHere")],
      ["catalog.card", (t) => t("sold.deeper")],
      ["catalog.card", (t) => t.rich("nothingHere")],
      ["noSuchNamespace", (t) => t("title")],
      [undefined, (t) => t("catalog")],
      ["auth", (t) => t("register.consent")],
      ["auth", (t) => t.rich("register.consent", { terms: (chunks: React.ReactNode) => chunks })],
    ];
    for (const [namespace, call] of cases) {
      const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
      const ours = call(createTranslator("en", messages, namespace));
      expect(errors, `${namespace} ${call}`).toHaveBeenCalledTimes(1);
      errors.mockClear();
      const theirs = call(reference("en", messages, namespace));
      expect(errors, `${namespace} ${call}: use-intl too`).toHaveBeenCalledTimes(1);
      expect(shape(ours), `${namespace} ${call}`).toEqual(shape(theirs));
      errors.mockRestore();
    }
    const t = createTranslator("en", messages, "catalog");
    expect([t.has("card"), t.has("card.sold"), t.has("card.nothing"), t.has("nothing.at.all")]).toEqual([true, true, false, false]);
  });
});

describe("lib/platform/i18n/formatter.ts formats dates like next-intl's useFormatter", () => {
  const dates = [
    new Date("2026-01-15T09:05:00Z"),
    new Date("2026-03-29T00:59:59Z"),
    new Date("2026-03-29T01:00:00Z"),
    new Date("2026-10-25T00:30:00Z"),
    new Date("2026-10-25T01:30:00Z"),
    new Date("2026-12-31T23:30:00Z"),
    Date.UTC(2027, 6, 1, 12),
  ];
  const options: (Intl.DateTimeFormatOptions | undefined)[] = [
    undefined,
    { dateStyle: "medium" },
    { dateStyle: "medium", timeStyle: "short" },
    { dateStyle: "long", timeStyle: "long" },
    { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit" },
    { dateStyle: "short", timeZone: "UTC" },
  ];
  for (const locale of LOCALES) {
    it(`dateTime in ${locale}`, () => {
      const ours = createFormatter(locale);
      const theirs = intlFormatter({ locale, timeZone: TIME_ZONE }) as unknown as ReturnType<typeof createFormatter>;
      for (const date of dates) {
        for (const option of options) expect(ours.dateTime(date, option), `${date} ${JSON.stringify(option)}`).toBe(theirs.dateTime(date, option));
      }
    });
  }

  it("an invalid date: its text and an error logged, as use-intl does", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const ours = createFormatter("nl").dateTime(new Date(Number.NaN), { dateStyle: "medium" });
    const theirs = intlFormatter({ locale: "nl", timeZone: TIME_ZONE }).dateTime(new Date(Number.NaN), { dateStyle: "medium" });
    expect(ours).toBe(theirs);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });
});

describe("the hooks under the provider", () => {
  it("read the provider's language and texts, and MoreMessages adds namespaces", async () => {
    const messages = await precompiled("en");
    const { cart, ...page } = messages;
    function Probe() {
      const t = useTranslations("catalog.card");
      const tc = useTranslations("cart");
      const format = useFormatter();
      return React.createElement(
        "p",
        null,
        [useLocale(), t("sold"), tc.has("title") ? "cart" : "no cart", format.dateTime(new Date("2026-07-01T22:30:00Z"), { dateStyle: "short" })].join("|"),
      );
    }
    // createElement, untyped: this file is .ts (vitest.config.ts), without JSX.
    const h = React.createElement as (type: unknown, props: object | null, ...children: React.ReactNode[]) => React.ReactElement;
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = renderToStaticMarkup(
      h(IntlProvider, { locale: "en", messages: page }, h(Probe, null), h(MoreMessages, { messages: { cart } }, h(Probe, null))),
    );
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(html).toBe("<p>en|Sold|no cart|7/2/26</p><p>en|Sold|cart|7/2/26</p>");
  });
});
