import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_NAMESPACES, SERVER_ONLY_NAMESPACES } from "@/lib/platform/i18n/client-messages";
import en from "@/messages/en.json" with { type: "json" };
import nl from "@/messages/nl.json" with { type: "json" };

function keys(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe("translations", () => {
  it("Dutch and English have exactly the same keys", () => {
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });

  it("name a condition in the sell form's words everywhere (issue 29 item 7)", () => {
    // The public pages (cards, wishlist, product page, map) read `product.conditions`; the
    // sell form (an account page) reads `listing.conditions`: the same labels, not two.
    for (const messages of [nl, en]) {
      expect(messages.product.conditions).toEqual(messages.listing.conditions);
      expect(Object.keys(messages.product.conditions)).toEqual(["new", "like_new", "good", "fair", "poor"]);
    }
  });

  it("have no empty texts", () => {
    const empty = (obj: unknown, p = ""): string[] =>
      obj && typeof obj === "object"
        ? Object.entries(obj).flatMap(([k, v]) => empty(v, p ? `${p}.${k}` : k))
        : typeof obj === "string" && obj.trim() === "" ? [p] : [];
    expect(empty(nl)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });

  it("use the same placeholders in both languages", () => {
    const get = (obj: unknown, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
    // An argument is `{name}` or `{name, plural|select ...}`; the text of an ICU branch
    // (`=0 {Geen producten}`) is not one.
    const placeholders = (s: unknown) =>
      [...new Set([...String(s).matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();
    for (const key of keys(nl)) {
      expect(placeholders(get(en, key)), key).toEqual(placeholders(get(nl, key)));
    }
  });
});

/** Every .ts/.tsx file under the given folders of the project. */
function sources(...folders: string[]): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (/\.tsx?$/.test(entry.name)) out.push(file);
    }
  };
  folders.forEach((folder) => visit(path.join(process.cwd(), folder)));
  return out;
}

describe("the messages the browser gets (lib/platform/i18n/client-messages.ts)", () => {
  it("leave out only namespaces that exist and that no component reads with useTranslations", () => {
    for (const namespace of SERVER_ONLY_NAMESPACES) expect(nl, namespace).toHaveProperty([namespace]);
    const read = new Set<string>();
    for (const file of sources("app", "components")) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/useTranslations\(\s*(?:"([^"]*)")?\s*\)/g)) {
        // useTranslations() without a namespace could read anything.
        expect(match[1], `${file}: useTranslations without a namespace`).toBeDefined();
        read.add(match[1]!.split(".")[0]!);
      }
    }
    expect(read.size).toBeGreaterThan(20);
    expect(SERVER_ONLY_NAMESPACES.filter((namespace) => read.has(namespace))).toEqual([]);
  });

  it("the account and admin texts are read only by components of the account and admin pages", () => {
    // Folders (and files) whose components render only under app/[locale]/(account) or
    // app/[locale]/admin, whose layouts add ACCOUNT_NAMESPACES to the page's texts.
    const accountOnly = [
      "app/[locale]/(account)/",
      "app/[locale]/admin/",
      "components/admin/",
      "components/dashboard/",
      "components/listing/",
      "components/orders/",
      "components/support/",
      "components/cart/cart-",
      "components/payments/payment-result",
      "components/messaging/offer-",
      "components/messaging/messages-view",
      "components/messaging/thread",
    ];
    for (const namespace of ACCOUNT_NAMESPACES) expect(nl, namespace).toHaveProperty([namespace]);
    const account = new Set<string>(ACCOUNT_NAMESPACES);
    for (const file of sources("app", "components")) {
      const relative = path.relative(process.cwd(), file);
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/useTranslations\(\s*"([^"]*)"\s*\)/g)) {
        const namespace = match[1]!.split(".")[0]!;
        if (account.has(namespace)) {
          expect(accountOnly.some((prefix) => relative.startsWith(prefix)), `${relative} reads "${namespace}"`).toBe(true);
        }
      }
    }
  });
});
