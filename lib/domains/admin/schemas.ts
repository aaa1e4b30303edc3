/** Admin query and body schemas. */
import { z } from "zod";
import { statementInput } from "@/lib/domains/statements/schemas";

export const USERS_PAGE_SIZE = 20;
export const PRODUCTS_PAGE_SIZE = 12;
export const REASON_MAX = 2000;

const int = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "Must be a whole number")
    .transform(Number)
    .refine((n) => n >= min && n <= max, `Must be between ${min} and ${max}`)
    .optional();

export const adminListQuery = (pageSize: number) =>
  z
    .object({ skip: int(0, 1_000_000), limit: int(1, 100), search: z.string().trim().max(200).optional() })
    .transform((q) => ({ skip: q.skip ?? 0, limit: q.limit ?? pageSize, search: q.search || undefined }));

export const featureQuery = z.object({
  featured: z.enum(["true", "false"], { error: "featured must be true or false" }).transform((v) => v === "true"),
});

/**
 * The statement of reasons of a removal (DSA art. 17): category, facts and rule, all
 * required. `reason` is the older name of `facts` (the admin UI before statements).
 */
export const removalInput = z
  .object({ reason: z.string().max(REASON_MAX).optional() }, { error: "A statement of reasons is required: category, facts and rule" })
  .passthrough()
  .transform((b) => ({ ...b, facts: (b as { facts?: unknown }).facts ?? b.reason }))
  .pipe(statementInput);
export type RemovalInput = z.output<typeof removalInput>;

export const adminReplyQuery = z.object({ message: z.string().optional() });
export const adminReplyBody = z.object({ message: z.string().optional() }).optional();

export const auditQuery = z
  .object({ skip: int(0, 1_000_000), limit: int(1, 100), action: z.string().max(50).optional() })
  .transform((q) => ({ skip: q.skip ?? 0, limit: q.limit ?? 50, action: q.action || undefined }));
