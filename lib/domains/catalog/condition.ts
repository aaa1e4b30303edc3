/**
 * Product condition: the five values stored and sent by the API, and the four classes
 * that map pins and product cards show (docs/catalog.md). Pure; safe to import from
 * server and client code alike.
 */

/** The stored values, in the order the sell form offers them. */
export const PRODUCT_CONDITIONS = ["new", "like_new", "good", "fair", "poor"] as const;
export type ProductCondition = (typeof PRODUCT_CONDITIONS)[number];

/** What pins, legends and cards show, best first. */
export const CONDITION_CLASSES = ["excellent", "good", "fair", "poor"] as const;
export type ConditionClass = (typeof CONDITION_CLASSES)[number];

const CLASS_OF: Record<ProductCondition, ConditionClass> = {
  new: "excellent",
  like_new: "excellent",
  good: "good",
  fair: "fair",
  poor: "poor",
};

export function isProductCondition(value: unknown): value is ProductCondition {
  return typeof value === "string" && (PRODUCT_CONDITIONS as readonly string[]).includes(value);
}

/** `new` and `like_new` → excellent, `good` → good, `fair` → fair, `poor` → poor. */
export function conditionClass(condition: ProductCondition): ConditionClass {
  return CLASS_OF[condition];
}

/**
 * The colour of each class (green, blue, amber, red). Mid-dark shades so that a white
 * ring or white text on them keeps a contrast of at least 3:1 (WCAG non-text contrast).
 */
export const CONDITION_CLASS_COLORS: Record<ConditionClass, string> = {
  excellent: "#16a34a",
  good: "#2563eb",
  fair: "#d97706",
  poor: "#dc2626",
};
