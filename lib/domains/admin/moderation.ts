/**
 * The categories of a moderation decision (DSA art. 17 statements of reasons): what a
 * report names and what a removal or ban gives as its ground. Pure, for the forms too.
 * They live with the statements of reasons (lib/domains/statements), which the admin uses.
 */
export { MODERATION_CATEGORIES, type ModerationCategoryName } from "@/lib/domains/statements/client";
