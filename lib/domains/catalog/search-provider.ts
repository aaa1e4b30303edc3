/**
 * Where a search runs (docs/scaling.md). Today one provider: PostgreSQL, through a
 * streaming replica when there is one (lib/platform/db/replicas.ts). A search engine
 * fed from PostgreSQL by change events (OpenSearch, Vespa) would be a second provider:
 * it answers a plan with the ids of one page in order (with distances when `near`), the
 * total capped at COUNT_CAP and a typo suggestion, and loads the rows by id from
 * PostgreSQL (`fetchProductRowsByIds` in ./rows.ts), which stays the source of truth for
 * what a product is and whether it is still for sale.
 */
import { readRows } from "@/lib/platform/db/replicas";
import { runSearch, type SearchPlan, type SearchRows } from "./search";

export interface SearchProvider {
  readonly name: string;
  /** One page of a planned search (near already resolved): rows in order, total up to COUNT_CAP. */
  search(plan: SearchPlan): Promise<SearchRows>;
}

/** PostgreSQL: a replica for the public catalogue, the primary for a seller's own list. */
export const postgresSearch: SearchProvider = {
  name: "postgresql",
  search(plan) {
    if (plan.scope.includeSold) return runSearch(plan);
    // Straight through pg, like the benchmark's SQL side: Prisma's engine cost more per
    // statement than the browse query itself (docs/performance.md).
    return readRows((query) => runSearch(plan, query));
  },
};
