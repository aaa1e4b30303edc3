import { describe, expect, it } from "vitest";
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
