/** What client components may use of the statements domain: nothing that needs the server. */
export * from "./limits";
export type { AdminAppealJson, StatementJson } from "./responses";
