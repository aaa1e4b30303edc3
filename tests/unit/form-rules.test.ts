// Forms choose their messages by field and rule (components/lib/use-form-errors.ts), never
// by the English text of the shared schemas or the API: this pins the rule each schema
// check reports, so a schema change cannot silently turn a message into "invalid".
import { describe, expect, it } from "vitest";
import { registerSchema, updateProfileSchema } from "@/lib/domains/accounts/schemas";
import { listingSchema } from "@/lib/domains/catalog/schemas";
import { ApiError } from "@/components/lib/api-client";
import { issueErrors, serverErrors } from "@/components/lib/use-form-errors";

const rules = (result: { success: boolean; error?: { issues: Parameters<typeof issueErrors>[0] } }) =>
  issueErrors(result.error?.issues ?? [], (field, rule) => `${field}:${rule}`);

const register = {
  email: "anna@example.nl",
  password: "geheim123",
  name: "Anna",
  phone: null,
  is_business_seller: false,
  business_name: null,
  vat_number: null,
  kvk_number: null,
  business_address: null,
};

describe("rules of the account schemas", () => {
  it("names required, too short, too long and invalid", () => {
    expect(rules(registerSchema.safeParse({ ...register, email: "", password: "", name: "" }))).toEqual({
      email: "email:required",
      password: "password:required",
      name: "name:required",
    });
    expect(rules(registerSchema.safeParse({ ...register, email: "anna", password: "kort", name: "x".repeat(200), phone: "12" }))).toEqual({
      email: "email:invalid",
      password: "password:tooShort",
      name: "name:tooLong",
      phone: "phone:invalid",
    });
  });

  it("says which custom check failed", () => {
    expect(rules(registerSchema.safeParse({ ...register, name: "Anna\tB" }))).toEqual({ name: "name:characters" });
    expect(rules(registerSchema.safeParse({ ...register, is_business_seller: true, business_name: "", vat_number: "" }))).toEqual({
      business_name: "business_name:required",
      vat_number: "vat_number:required",
      // The trader details a listing needs are asked at registration.
      kvk_number: "kvk_number:required",
      business_address: "business_address:required",
      phone: "phone:required",
      trader_self_certified: "trader_self_certified:required",
    });
    expect(rules(registerSchema.safeParse({ ...register, is_business_seller: true, business_name: "B\nV", vat_number: "NL1", business_address: "x".repeat(400) }))).toEqual({
      business_name: "business_name:characters",
      business_address: "business_address:tooLong",
    });
    const trader = { kvk_number: "12345678", business_address: "Oudegracht 1, 3511 AB Utrecht", phone: "+31612345678", trader_self_certified: true };
    expect(rules(registerSchema.safeParse({ ...register, ...trader, is_business_seller: true, business_name: "x".repeat(201), vat_number: "NL1" }))).toEqual({
      business_name: "business_name:tooLong",
      vat_number: "vat_number:invalid",
    });
    expect(rules(updateProfileSchema.safeParse({ name: "" }))).toEqual({ name: "name:required" });
  });
});

describe("rules of the listing schema", () => {
  const listing = {
    title: "Tafel",
    description: "Eiken",
    price: 10,
    category: "Meubels",
    condition: "good",
    images: ["/uploads/a.jpg"],
    location_id: "6c9f5ad4-0000-4000-8000-000000000000",
  };
  it("names the price rule and duplicate or invalid photos", () => {
    expect(rules(listingSchema.safeParse({ ...listing, price: 0 }))).toEqual({ price: "price:tooLow" });
    expect(rules(listingSchema.safeParse({ ...listing, price: 1.234 }))).toEqual({ price: "price:decimals" });
    expect(rules(listingSchema.safeParse({ ...listing, images: ["/a.jpg", "/a.jpg"] }))).toEqual({ images: "images:duplicate" });
    expect(rules(listingSchema.safeParse({ ...listing, images: [""] }))).toEqual({ images: "images:invalid" });
    expect(rules(listingSchema.safeParse({ ...listing, images: [], title: "", description: "x".repeat(2000) }))).toEqual({
      images: "images:required",
      title: "title:required",
      description: "description:tooLong",
    });
  });
});

describe("server field errors", () => {
  it("take their rule from the answer's code and count images.2 as images", () => {
    const reserved = new ApiError(422, { detail: "x", code: "name_reserved", errors: [{ field: "name", message: "x" }] });
    expect(serverErrors(reserved, (field, rule) => `${field}:${rule}`)).toEqual({ name: "name:reserved" });
    const image = new ApiError(422, { detail: "x", code: "image_missing", errors: [{ field: "images.2", message: "x" }] });
    expect(serverErrors(image, (field, rule) => `${field}:${rule}`)).toEqual({ images: "images:invalid" });
    expect(serverErrors(new Error("x"), () => "never")).toEqual({});
  });
});
