import { describe, expect, it } from "vitest";
import { loginSchema, registerSchema } from "@/lib/domains/accounts/schemas";
import { isValidVatNumber, normalizeVatNumber } from "@/lib/domains/accounts/vat";

describe("VAT numbers", () => {
  it("accepts the documented example and real EU formats", () => {
    for (const vat of ["NL123456789B01", "nl 8592.34.561.b01", "BE0123456789", "DE123456789", "FRXX123456789", "ATU12345678"]) {
      expect(isValidVatNumber(vat), vat).toBe(true);
    }
  });

  it("refuses wrong shapes and unknown countries", () => {
    for (const vat of ["", "NL123456789", "NL12345678B01", "NL123456789B1", "BE2123456789", "XX123456789", "123456789B01"]) {
      expect(isValidVatNumber(vat), vat).toBe(false);
    }
  });

  it("normalises spacing, dots and case", () => {
    expect(normalizeVatNumber(" nl-1234.56.789 b01 ")).toBe("NL123456789B01");
  });
});

describe("registration input", () => {
  const base = { name: " Eva ", email: " EVA@Example.NL ", password: "lang-genoeg" };

  it("trims and lower-cases, and stores phone numbers as E.164", () => {
    const parsed = registerSchema.parse({ ...base, phone: "06-12345678" });
    expect(parsed).toMatchObject({ name: "Eva", email: "eva@example.nl", phone: "+31612345678", isBusinessSeller: false });
    expect(registerSchema.parse({ ...base, phone: "+49 30 1234567" }).phone).toBe("+49301234567");
    expect(registerSchema.parse({ ...base, phone: "" }).phone).toBeNull();
  });

  it("drops business fields unless the box is ticked", () => {
    const parsed = registerSchema.parse({ ...base, business_name: "X B.V.", vat_number: "NL123456789B01" });
    expect(parsed.businessName).toBeNull();
    expect(parsed.vatNumber).toBeNull();
  });

  it("names each invalid field", () => {
    const result = registerSchema.safeParse({ email: "geen-email", password: "kort", name: "" , phone: "123" });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join(".")).sort();
    expect(fields).toEqual(["email", "name", "password", "phone"]);
  });

  it("login needs both fields", () => {
    expect(loginSchema.safeParse({ email: "a@b.nl" }).success).toBe(false);
    expect(loginSchema.safeParse({ email: "a@b.nl", password: "x" }).success).toBe(true);
  });
});
