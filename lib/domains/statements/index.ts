/** The statements domain: the only way in for code outside it (client code uses ./client). */
export { APPEAL_WINDOW_DAYS, MODERATION_CATEGORIES, STATEMENT_KINDS } from "./limits";
export type { ModerationCategoryName, StatementKindName } from "./limits";
export { appealBody, appealDecisionBody, appealsQuery, statementInput, transparencyQuery } from "./schemas";
export { recentHalves, transparencyCsv, transparencyReport } from "./transparency";
export type { Half, TransparencyReport } from "./transparency";
export type { AppealDecisionInput, StatementInput } from "./schemas";
export { banStatementOf, fileAppeal, issueStatement, listAppeals, myStatements, readAppealToken, recordAppealDecision } from "./service";
export type { AdminAppealJson } from "./service";
export { serializeAppeal, serializeStatement } from "./serialize";
export type { AppealJson, StatementJson } from "./serialize";
