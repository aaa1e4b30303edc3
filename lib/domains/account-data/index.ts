/** The account-data domain: the only way in for code outside it (client code uses ./client). */
export { deleteAccount } from "./deletion";
export { exportForDownload } from "./export";
export { accountDataOperations } from "./openapi";
