// The one list of API error codes (lib/platform/api/error-codes.ts): AppError takes only its codes,
// and every code thrown anywhere in the server is in it (tsc checks the literals; this
// checks the list itself and the file's promise to import nothing, so clients may use it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { ERROR_CODES, isErrorCode } from "@/lib/platform/api/error-codes";
import { ApiError, errorText } from "@/components/lib/api-client";
import nl from "@/messages/nl.json";
import en from "@/messages/en.json";

describe("error codes", () => {
  it("are unique snake_case names", () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });

  it("tells a known code from anything else", () => {
    expect(isErrorCode("price_changed")).toBe(true);
    expect(isErrorCode("Price changed")).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it("are the only codes an AppError takes", () => {
    expect(new AppError("conflict", "x", { code: "sold" }).code).toBe("sold");
    expect(conflict("x", "ticket_closed").code).toBe("ticket_closed");
    expect(notFound("Product not found", "product_not_found").code).toBe("product_not_found");
    // @ts-expect-error: not a code of the list
    expect(new AppError("conflict", "x", { code: "no_such_code" }).code).toBe("no_such_code");
  });

  it("the list imports nothing (client components import it)", () => {
    expect(readFileSync("lib/platform/api/error-codes.ts", "utf8")).not.toMatch(/^\s*import\s/m);
  });

  it("every code has its text in Dutch and in English, and no text has no code", () => {
    for (const messages of [nl, en] as { apiErrors: Record<string, string> }[]) {
      for (const code of ERROR_CODES) expect(messages.apiErrors[code], code).toMatch(/\S/);
      expect(Object.keys(messages.apiErrors).sort()).toEqual([...ERROR_CODES].sort());
    }
    expect(nl.apiErrors.product_sold).not.toBe(en.apiErrors.product_sold);
  });

  it("a page shows the code's text, never the English detail", () => {
    const texts = (code: keyof typeof nl.apiErrors) => nl.apiErrors[code];
    const sold = new ApiError(409, { detail: "Product already sold", code: "sold" });
    expect(errorText(sold, "Mislukt", texts)).toBe("Dit product is al verkocht.");
    // The page's own text for a code comes first.
    expect(errorText(sold, "Mislukt", texts, (code) => (code === "sold" ? "Net verkocht" : undefined))).toBe("Net verkocht");
    // No code (offline, a proxy's page) or a server error: the page's text for the action.
    expect(errorText(new ApiError(502, { detail: "Bad gateway" }), "Mislukt", texts)).toBe("Mislukt");
    expect(errorText(new ApiError(500, { detail: "Server error", code: "internal" }), "Mislukt", texts)).toBe("Mislukt");
    expect(errorText(new Error("boom"), "Mislukt", texts)).toBe("Mislukt");
  });
});
