// Only misspellings are corrected: Dutch words (plurals and compounds too) and the
// catalogue's own words stay as typed, and a correction is a whole catalogue word.
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listProducts } from "@/app/api/products/route";
import { closestWord } from "@/lib/domains/catalog/typos";
import { dutch, isKnownWord } from "@/lib/domains/catalog/dictionary";
import { call } from "../../support/http";
import { registerUser } from "../../support/factories";
import { ensureCategories, insertProduct } from "../../support/catalog";

async function search(q: string) {
  const res = await call(listProducts, { path: `/api/products?search=${encodeURIComponent(q)}` });
  expect(res.status).toBe(200);
  const suggestion = res.headers.get("x-search-suggestion");
  return { titles: (res.body as { title: string }[]).map((p) => p.title), suggestion: suggestion ? decodeURIComponent(suggestion) : null };
}

beforeAll(async () => {
  await ensureCategories();
  const seller = await registerUser();
  for (const title of ["LEGO Lamborghini Sián", "Oepel kandelaar", "Gazelle damesfiets", "Gazelle damesfiets 28 inch", "Kinderfiets 16 inch", "Koptelefoon Sony", "Staande schemerlamp"]) {
    await insertProduct({ sellerId: seller.id, title });
  }
}, 60_000);

describe("searching a real word", () => {
  it.each(["lamp", "lepel", "vork", "theepot", "stofzuiger", "wasmachine", "strijkijzer", "kussen", "lepels"])(
    "%s that nothing is listed under finds nothing and suggests no other word",
    async (word) => {
      const found = await search(word);
      expect(found.suggestion).toBeNull();
      expect(found.titles.filter((t) => /lamborghini|oepel/i.test(t))).toEqual([]);
    },
  );

  it("counts Dutch plurals and compounds as words", async () => {
    const checker = await dutch();
    for (const word of ["fietsen", "kinderfiets", "kinderfietsen", "damesfietsen", "stoelenset"]) expect(isKnownWord(word, checker)).toBe(true);
    for (const word of ["fietz", "kinderfietz", "lmap"]) expect(isKnownWord(word, checker)).toBe(false);
    expect((await search("kinderfietsen")).suggestion).toBeNull();
  });
});

describe("searching a misspelt word", () => {
  it("is corrected to the whole catalogue word it meant, which finds listings", async () => {
    const fietz = await search("damesfietz");
    expect(fietz.suggestion).toBe("damesfiets");
    expect(fietz.titles).toEqual(expect.arrayContaining(["Gazelle damesfiets", "Gazelle damesfiets 28 inch"]));
    expect((await search("koptelefon")).titles).toEqual(["Koptelefoon Sony"]);
    expect((await search("gazele")).suggestion).toBe("gazelle");
  });

  it("is left alone when no catalogue word is close: the result is empty, with no suggestion", async () => {
    const found = await search("xqzrtplk");
    expect(found).toEqual({ titles: [], suggestion: null });
  });

  it("prefers the closer word, and the more used one at the same distance", () => {
    expect(closestWord("fietz", [{ word: "fiets", uses: 1 }, { word: "fietsen", uses: 900 }])).toBe("fiets");
    expect(closestWord("lanp", [{ word: "lamp", uses: 50 }, { word: "lang", uses: 2 }])).toBe("lamp");
    expect(closestWord("lanp", [{ word: "lamp", uses: 2 }, { word: "lang", uses: 50 }])).toBe("lang");
    expect(closestWord("abc", [{ word: "abd", uses: 5 }])).toBeNull();
  });
});
