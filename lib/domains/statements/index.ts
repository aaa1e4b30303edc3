/** The statements domain: the only way in for code outside it (client code uses ./client). */
export { appealBody, appealDecisionBody, appealsQuery, statementInput, transparencyQuery } from "./schemas";
export { recentHalves, transparencyCsv, transparencyReport } from "./transparency";
export type { TransparencyReport } from "./responses";
export type { AppealDecisionInput, StatementInput } from "./schemas";
export { banStatementOf, fileAppeal, issueStatement, listAppeals, myStatements, readAppealToken, recordAppealDecision } from "./service";
export { serializeAppeal, serializeStatement } from "./serialize";
export { statementsOperations } from "./openapi";
export { statementWithAppealsJson } from "./responses";
