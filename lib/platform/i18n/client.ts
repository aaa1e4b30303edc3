/**
 * The texts of client components (every "use client" file and what only they
 * import), in the browser and in their server rendering alike: a small stand-in for
 * next-intl's client part (use-intl's provider, translator and formatters, about 3 KB
 * gzipped on every page; docs/performance.md). Server components keep next-intl
 * (`next-intl/server`); components rendered by both import `#i18n` (package.json), which
 * is next-intl's server hooks on the server and this module elsewhere.
 *
 * The messages are precompiled at build time (next.config.ts) and formatted with
 * use-intl's own `format-only`, called as use-intl calls it, so a text comes out exactly
 * as next-intl's would (tests/unit/i18n-client.test.ts compares every message). A
 * missing text or a formatting error is what use-intl does by default: an error in the
 * console and `namespace.key` as the text. The provider is
 * components/i18n/intl-provider.tsx; useFormatter() is lib/platform/i18n/formatter.ts (only the
 * account and admin pages format dates in the browser).
 */
import "client-only";
import * as React from "react";
import formatMessage from "use-intl/format-message/format-only";
import { TIME_ZONE, type Locale } from "./config";

/** The (precompiled) messages of a page: namespaces of nested keys. */
export type Messages = Record<string, unknown>;
export type TranslationValues = Record<string, string | number | Date>;
export type RichTranslationValues = Record<string, string | number | Date | ((chunks: React.ReactNode) => React.ReactNode)>;

export type Translator = {
  /** The text of `key` (dots for nesting) in the hook's namespace, with its arguments filled in. */
  (key: string, values?: TranslationValues): string;
  /** With tags (`<link>…</link>`) rendered by the functions of the same name in `values`. */
  rich(key: string, values?: RichTranslationValues): React.ReactNode;
  /** Whether the namespace has `key`. */
  has(key: string): boolean;
};

type IntlValue = { locale: Locale; messages: Messages };

export const IntlContext = React.createContext<IntlValue | null>(null);

export function useIntl(): IntlValue {
  const value = React.useContext(IntlContext);
  if (!value) throw new Error("No IntlProvider above this component (components/i18n/intl-provider.tsx).");
  return value;
}

// One Intl object per kind, locale and options, as use-intl's formatters keep them.
const instances = new Map<string, object>();
function cached<T extends object>(kind: string, make: new (locale: string, options?: never) => T) {
  return (locale: string, options?: object): T => {
    const key = kind + JSON.stringify([locale, options]);
    let instance = instances.get(key) as T | undefined;
    if (!instance) instances.set(key, (instance = new make(locale, options as never)));
    return instance;
  };
}
export const getDateTimeFormat = cached("d", Intl.DateTimeFormat);
const formatters = {
  getDateTimeFormat,
  getNumberFormat: cached("n", Intl.NumberFormat),
  getPluralRules: cached("p", Intl.PluralRules),
};

/** use-intl's error: its code, then what went wrong. */
export function report(code: string, detail: string): void {
  console.error(new Error(`${code}: ${detail}`));
}

/** The message (or namespace) at a dotted path; throws where it is missing, as use-intl does. */
function resolve(messages: unknown, path: string): unknown {
  let node = messages;
  for (const part of path.split(".")) {
    const next = (node as Record<string, unknown>)[part];
    if (next == null) throw new Error(`Could not resolve \`${path}\``);
    node = next;
  }
  return node;
}

/** A tag's element gets a key, as use-intl gives it (a list of rich chunks needs them). */
function withKeys(values: RichTranslationValues): RichTranslationValues {
  const out: RichTranslationValues = {};
  for (const [name, value] of Object.entries(values)) {
    let index = 0;
    out[name] =
      typeof value === "function"
        ? (chunks: React.ReactNode) => {
            const result = value(chunks);
            return React.isValidElement(result) ? React.cloneElement(result, { key: name + index++ }) : result;
          }
        : value;
  }
  return out;
}

/**
 * next-intl's translator for `namespace` of `messages`, over the same precompiled
 * messages and the same formatting (use-intl's createBaseTranslator, production build).
 */
export function createTranslator(locale: Locale, messages: Messages, namespace?: string): Translator {
  const prefix = namespace ? `${namespace}.` : "";
  const fallback = (key: string, code: string, detail: string) => {
    report(code, detail);
    return prefix + key;
  };
  const translate = (key: string, values?: RichTranslationValues): React.ReactNode => {
    let message: unknown;
    try {
      message = resolve(messages, prefix + key);
    } catch (error) {
      return fallback(key, "MISSING_MESSAGE", `${(error as Error).message} (${locale})`);
    }
    try {
      return formatMessage(prefix + key, message as string, values && withKeys(values), {
        locale,
        timeZone: TIME_ZONE,
        formatters: formatters as never,
        cache: undefined as never,
      });
    } catch (error) {
      return fallback(key, "FORMATTING_ERROR", (error as Error).message);
    }
  };
  const t = (key: string, values?: TranslationValues) => {
    const result = translate(key, values);
    return typeof result === "string" ? result : fallback(key, "INVALID_MESSAGE", `\`${prefix + key}\` is rich text: use t.rich`);
  };
  t.rich = translate;
  t.has = (key: string) => {
    try {
      resolve(messages, prefix + key);
      return true;
    } catch {
      return false;
    }
  };
  return t;
}

/** The texts of a namespace (`"catalog.card"`), or of all messages without one. */
export function useTranslations(namespace?: string): Translator {
  const { locale, messages } = useIntl();
  return React.useMemo(() => createTranslator(locale, messages, namespace), [locale, messages, namespace]);
}

export function useLocale(): Locale {
  return useIntl().locale;
}

export function useMessages(): Messages {
  return useIntl().messages;
}
