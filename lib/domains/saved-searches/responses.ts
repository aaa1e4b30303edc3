/**
 * The JSON the saved-searches routes answer with, as zod output schemas: the serializer
 * is typed by them and the OpenAPI document shows them, so the two cannot drift.
 */
import { z } from "zod";

export const savedSearchJson = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.record(z.string(), z.string()).describe("The browse filters, as in the browse URL's query"),
  browse_url: z.string(),
  new_matches: z.number().int().describe("Listings matching since the results were last opened"),
  created_at: z.string().describe("ISO 8601"),
  last_opened_at: z.string().describe("ISO 8601"),
});
export type SavedSearchJson = z.output<typeof savedSearchJson>;

export const savedSearchDeletedJson = z.object({ id: z.string(), deleted: z.literal(true) });
