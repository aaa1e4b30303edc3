import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACCOUNT_NAMESPACES, clientMessages, PAGE_NAMESPACES, pageMessages, SERVER_ONLY_NAMESPACES } from "@/lib/platform/i18n/client-messages";
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

  it("name a condition in the sell form's words everywhere", () => {
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
    const account = new Set<string>(ACCOUNT_NAMESPACES);
    for (const namespace of ACCOUNT_NAMESPACES) expect(nl, namespace).toHaveProperty([namespace]);
    for (const { relative, namespace } of reads()) {
      if (account.has(namespace)) {
        expect(ACCOUNT_ONLY.some((prefix) => relative.startsWith(prefix)), `${relative} reads "${namespace}"`).toBe(true);
      }
    }
  });

  it("a page's own texts are read only by the components of the pages that add them", () => {
    // Where each PAGE_NAMESPACES namespace may be read: the components that only those
    // pages render, each page adding the namespace with <PageMessages> (its layout for
    // /browse, /product/{id} and /seller/{id}); the account and admin layouts add them all.
    const readers: Record<(typeof PAGE_NAMESPACES)[number], string[]> = {
      browse: ["app/[locale]/(shop)/browse/", "components/catalog/browse-", "components/catalog/use-browse-state"],
      savedSearches: ["components/saved-searches/"],
      checkout: ["components/catalog/card-actions", "components/catalog/buy-now-button", "components/cart/", "components/payments/"],
      maps: ["components/maps/", "app/[locale]/(shop)/product/[id]/", "app/[locale]/e2e/"],
      home: ["app/[locale]/(shop)/page.tsx", "components/catalog/featured-sellers"],
      messaging: ["components/messaging/", "components/catalog/product-actions", "components/orders/"],
      reviews: ["components/reviews/", "app/[locale]/(shop)/product/[id]/", "app/[locale]/(shop)/seller/[id]/"],
      productOffer: ["components/catalog/make-offer-button", "components/catalog/listing-offer-dialog"],
      viewerDeal: ["components/catalog/viewer-deal", "components/catalog/buy-now-button"],
      passwordReset: ["components/auth/password-reset-forms", "app/[locale]/(shop)/forgot-password/", "app/[locale]/(shop)/reset-password/"],
      unsubscribe: ["components/auth/unsubscribe-form", "app/[locale]/(shop)/unsubscribe/"],
      testCheckout: ["components/payments/test-checkout", "app/[locale]/checkout/test/"],
    };
    for (const namespace of PAGE_NAMESPACES) expect(nl, namespace).toHaveProperty([namespace]);
    const seen = new Set<string>();
    for (const { relative, namespace } of reads()) {
      const allowed = readers[namespace as keyof typeof readers];
      if (!allowed) continue;
      seen.add(namespace);
      expect([...allowed, ...ACCOUNT_ONLY].some((prefix) => relative.startsWith(prefix)), `${relative} reads "${namespace}"`).toBe(true);
    }
    expect([...seen].sort()).toEqual([...PAGE_NAMESPACES].sort());
  });

  it("every page carries the shared texts only; a page adds just the namespaces it names", () => {
    const shared = clientMessages(nl);
    for (const namespace of [...PAGE_NAMESPACES, ...ACCOUNT_NAMESPACES, ...SERVER_ONLY_NAMESPACES]) expect(shared).not.toHaveProperty([namespace]);
    expect(shared).toHaveProperty(["header"]);
    expect(shared).toHaveProperty(["auth"]);
    expect(Object.keys(pageMessages(nl, ["browse", "maps"])).sort()).toEqual(["browse", "maps"]);
    expect(pageMessages(nl, ["home"]).home).toEqual(nl.home);
  });
});

/**
 * Folders (and files) whose components render only under app/[locale]/(account) or
 * app/[locale]/admin, whose layouts add ACCOUNT_NAMESPACES and every page's texts.
 */
const ACCOUNT_ONLY = [
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

/** Every useTranslations("namespace…") call under app/ and components/. */
function reads(): { relative: string; namespace: string }[] {
  return sources("app", "components").flatMap((file) => {
    const relative = path.relative(process.cwd(), file);
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(/useTranslations\(\s*"([^"]*)"\s*\)/g)].map((match) => ({ relative, namespace: match[1]!.split(".")[0]! }));
  });
}
