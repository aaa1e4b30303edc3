/** What client components may use of the messaging domain: nothing that needs the server. */
export type { DisputeMessageJson } from "./responses";
