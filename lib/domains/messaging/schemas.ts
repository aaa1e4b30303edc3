/** Request shapes of the messaging and offer routes (zod). Texts are checked by the services. */
import { z } from "zod";

export const idParams = z.object({ id: z.string() });

export const startConversationBody = z.object({
  product_id: z.string({ error: "product_id is required" }),
  recipient_id: z.string({ error: "recipient_id is required" }),
  initial_message: z.string({ error: "initial_message is required" }),
});

export const messagesQuery = z.object({
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The apps send the text as `?content=`; a JSON body `{content}` works too. */
export const contentQuery = z.object({ content: z.string().optional() });
export const contentBody = z.object({ content: z.string().optional() });

export const amountBody = z.object({ amount: z.union([z.string(), z.number()]).optional() });

/** GET /api/messages/images/{id}?size=thumb|full (full by default). */
export const imageQuery = z.object({ size: z.enum(["full", "thumb"]).default("full") });
