// Display names (lib/domains/accounts/display-name.ts): a name or company name that passes for
// Kringwaar or its staff through look-alike letters, digits, accents, invisible
// characters or spacing is refused with 422, and so are line breaks, tabs and other
// control characters; on registration and on a rename, and nothing is stored.
import { describe, expect, it } from "vitest";
import { POST as registerRoute } from "@/app/api/auth/register/route";
import { GET as meRoute, PUT as updateMe } from "@/app/api/users/me/route";
import { db } from "@/lib/platform/db/client";
import { registerUser } from "../../support/factories";
import { call } from "../../support/http";

let n = 0;
const ip = () => `198.51.100.${150 + (n += 1)}`;

/** The trader details registration asks of a business seller. */
const TRADER = { kvk_number: "12345670", business_address: "Oudegracht 1, 3511 AB Utrecht", phone: "+31612345602", trader_self_certified: true };

const register = (json: Record<string, unknown>) =>
  call(registerRoute, { ip: ip(), json: { email: `naam${(n += 1)}-${Date.now()}@example.nl`, password: "Wachtwoord-123", ...json } });

const LOOK_ALIKES = [
  "Kringw\u0430\u0430r Beheer", // Cyrillic а
  "Kr1ngwaar",
  "KRINGVVAAR",
  "K r i n g - w a a r",
  "\uff2b\uff52\uff49\uff4e\uff47\uff57\uff41\uff41\uff52", // fullwidth
  "Kr\u00efng\u0175\u00e4\u00e4r", // accents
  "\u0391dmin", // Greek capital alpha
  "Ad.min",
  "\u1d00\u1d05\u1d0d\u026a\u0274", // small capitals
  "adrnin",
  "Supp0rt T3am",
  "Admin2024",
];

/** Names that only look near a staff word, or use another script honestly. */
const ORDINARY = [
  "Kim Admiraal",
  "Badmintonclub Noord",
  "Administratiekantoor Jansen",
  "R\u00e9my Bernard",
  "\u0418\u0440\u0438\u043d\u0430 \u041f\u0435\u0442\u0440\u043e\u0432\u0430",
  "Kringloop Waalwijk",
];

const CONTROLS = ["Jan\r\nJansen", "Jan\nAdmin", "Jan\tJansen", "Jan\u2028Jansen", "Jan\u0085Jansen", "Jan\u{e0041}Jansen"];

describe("names that imitate Kringwaar or its staff", () => {
  it("are refused on registration with 422 and a clear message, and no account is made; ordinary names in any script pass", async () => {
    const before = await db.user.count();
    for (const name of LOOK_ALIKES) {
      const res = await register({ name });
      expect(res.status, name).toBe(422);
      expect(res.body.code, name).toBe("name_reserved");
      expect(res.body.errors, name).toEqual([{ field: "name", message: expect.stringMatching(/reserved for Kringwaar staff/) }]);
    }
    expect(await db.user.count()).toBe(before);
    for (const name of ORDINARY) {
      const res = await register({ name });
      expect(res.status, name).toBe(201);
      expect(res.body.user.name).toBe(name);
    }
  });

  it("are refused as a new name in the profile; the old name stays", async () => {
    const user = await registerUser({ name: "Gewone Naam" });
    for (const name of LOOK_ALIKES) {
      const res = await call(updateMe, { ip: ip(), token: user.token, method: "PUT", json: { name } });
      expect(res.status, name).toBe(422);
      expect(res.body.code, name).toBe("name_reserved");
    }
    expect((await call(meRoute, { ip: ip(), token: user.token })).body.name).toBe("Gewone Naam");
  });

  it("are refused as a business seller's company name", async () => {
    const res = await register({ name: "Eva Winkel", is_business_seller: true, business_name: "Kringw\u0430\u0430r B.V.", vat_number: "NL123456789B01", ...TRADER });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: "business_name", message: expect.stringMatching(/reserved for Kringwaar/) }]);
  });
});

describe("control characters in names", () => {
  it("are refused on registration and rename with 422, and nothing is stored", async () => {
    const before = await db.user.count();
    for (const name of CONTROLS) {
      const res = await register({ name });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.errors[0], JSON.stringify(name)).toEqual({ field: "name", message: expect.stringMatching(/not allowed/) });
    }
    expect(await db.user.count()).toBe(before);

    const user = await registerUser({ name: "Net Gebruiker" });
    for (const name of CONTROLS) {
      const res = await call(updateMe, { ip: ip(), token: user.token, method: "PUT", json: { name } });
      expect(res.status, JSON.stringify(name)).toBe(422);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).name).toBe("Net Gebruiker");
    const company = await register({ name: "Eva Winkel", is_business_seller: true, business_name: "Winkel\r\nBcc: iemand", vat_number: "NL123456789B01", ...TRADER });
    expect(company.status).toBe(422);
    expect(company.body.errors[0]).toEqual({ field: "business_name", message: expect.stringMatching(/not allowed/) });
  });
});
