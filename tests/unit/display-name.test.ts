// The confusables fold behind the staff-name rule (lib/domains/accounts/display-name.ts): what
// each look-alike folds to, and which names count as imitating Kringwaar or its staff.
import { describe, expect, it } from "vitest";
import { confusableSkeleton, hasControlCharacters, imitatesStaff } from "@/lib/domains/accounts/display-name";

describe("confusableSkeleton", () => {
  it.each([
    ["Kringw\u0430\u0430r", "kringwaar"], // Cyrillic а
    ["\u039a\u0280\u0399\u039d\u0262\u1d21\u0391\u0391\u0280", "kringwaar"], // Greek capitals, small capitals
    ["Kr1ngvv44r", "kringwaar"],
    ["K.r.i.n.g w\u200ba\u00e4r", "kringwaar"], // punctuation, zero width, accent
    ["\ud835\udc00\ud835\udc1d\ud835\udc26\ud835\udc22\ud835\udc27", "admin"], // mathematical bold
    ["adrn|n", "admin"], // rn for m, | for i
  ])("%s → %s", (text, skeleton) => {
    expect(confusableSkeleton(text)).toBe(skeleton);
  });
});

describe("imitatesStaff", () => {
  it.each(["Kringwaar Beheer", "Team Kr1ngwaar", "Ad min", "Moderator", "Klanten Service", "Support-Team", "HELPDESK 24/7", "Admin2024"])(
    "refuses %s",
    (name) => expect(imitatesStaff(name)).toBe(true),
  );
  it.each(["Badminton Club", "Administratiekantoor Jansen", "Ad Minnaar", "Kringloop Waalwijk", "Bernard de Wit", "Mijn Winkel 123"])(
    "allows %s",
    (name) => expect(imitatesStaff(name)).toBe(false),
  );
});

describe("hasControlCharacters", () => {
  it("finds line breaks, tabs, separators and format characters, not the invisible ones names lose anyway", () => {
    for (const text of ["a\nb", "a\r", "a\tb", "a\u0085b", "a\u2028b", "a\u{e0041}b", "a\ufff9b"]) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(true);
    for (const text of ["Jan Jansen", "a\u200bb", "Piet\u202e Puk", "R\u00e9my"]) expect(hasControlCharacters(text), JSON.stringify(text)).toBe(false);
  });
});
