/** What client components may use of the orders domain: nothing that needs the server. */
export type { OrderJson } from "./serialize";
export type { ViewerDeal } from "./viewer-deal";
export { ORDER_FILTERS, type OrderFilter } from "./filters";
