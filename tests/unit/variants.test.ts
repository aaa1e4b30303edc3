/**
 * components/ui/variants.ts, our cva(), gives the class strings class-variance-authority
 * gave, for every variant of Button and Badge and for null, undefined and className.
 */
import { cva as original } from "class-variance-authority";
import { describe, expect, test } from "vitest";
import { cva } from "@/components/ui/variants";

const config = {
  variants: {
    variant: { default: "bg-primary", ghost: "hover:bg-accent", link: "text-primary underline-offset-4" },
    size: { default: "h-10 px-4", sm: "h-8 px-3", icon: "size-10" },
  },
  defaultVariants: { variant: "default", size: "default" },
} as const;

describe("cva", () => {
  const ours = cva("inline-flex gap-2", config);
  const theirs = original("inline-flex gap-2", config);
  const variants = [undefined, null, "default", "ghost", "link"] as const;
  const sizes = [undefined, null, "default", "sm", "icon"] as const;
  for (const variant of variants) {
    for (const size of sizes) {
      for (const className of [undefined, "", "w-full px-2"]) {
        test(`${variant} ${size} ${className}`, () => {
          expect(ours({ variant, size, className })).toBe(theirs({ variant, size, className }));
        });
      }
    }
  }
  test("no props", () => {
    expect(ours()).toBe(theirs());
    expect(ours({ class: "a" })).toBe(theirs({ class: "a" }));
  });
  test("no defaults", () => {
    const bare = { variants: { tone: { warm: "text-warm", cold: "text-cold" } } };
    expect(cva("x", bare)({})).toBe(original("x", bare)({}));
    expect(cva("x", bare)({ tone: "cold" })).toBe(original("x", bare)({ tone: "cold" }));
  });
});
