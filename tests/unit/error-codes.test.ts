// The one list of API error codes (lib/platform/api/error-codes.ts): AppError takes only its codes,
// and every code thrown anywhere in the server is in it (tsc checks the literals; this
// checks the list itself and the file's promise to import nothing, so clients may use it).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError, conflict, notFound } from "@/lib/platform/api/errors";
import { ERROR_CODES, isErrorCode } from "@/lib/platform/api/error-codes";

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
});
