/**
 * The composition of the OpenAPI document: every route module (what it validates, read
 * off the handlers route() made) joined with every domain's operation table. Built once
 * per process; the API tests check their answers against it (tests/support/http.ts).
 */
import { accountDataOperations } from "@/lib/domains/account-data";
import { accountsOperations } from "@/lib/domains/accounts";
import { adminOperations } from "@/lib/domains/admin";
import { catalogOperations } from "@/lib/domains/catalog";
import { geoOperations } from "@/lib/domains/geo";
import { messagingOperations } from "@/lib/domains/messaging";
import { notificationsOperations } from "@/lib/domains/notifications";
import { offersOperations } from "@/lib/domains/offers";
import { orderJson, ordersOperations } from "@/lib/domains/orders";
import { reportsOperations } from "@/lib/domains/reports";
import { reviewsOperations } from "@/lib/domains/reviews";
import { savedSearchesOperations } from "@/lib/domains/saved-searches";
import { shippingOperations } from "@/lib/domains/shipping";
import { statementsOperations } from "@/lib/domains/statements";
import { supportOperations } from "@/lib/domains/support";
import { taxOperations } from "@/lib/domains/tax";
import { wishlistOperations } from "@/lib/domains/wishlist";
import { routeSpecOf } from "@/lib/domains/route";
import {
  buildOpenApiDocument,
  openApiPath,
  type HttpMethod,
  type RouteMethod,
} from "@/lib/platform/api/openapi";
import packageJson from "@/package.json" with { type: "json" };
import { platformOperations } from "./platform-operations";
import { ROUTE_MODULES } from "./route-modules.generated";
// This route itself: a cycle, harmless because the modules are only read when the
// document is first built.
import * as self from "./route";

const METHODS: HttpMethod[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

export const DOMAIN_OPERATIONS = [
  accountsOperations, accountDataOperations, catalogOperations, geoOperations, ordersOperations,
  // Shipping's label and test scans answer with order JSON, which builds on shipping.
  shippingOperations(orderJson), messagingOperations, offersOperations, notificationsOperations,
  reviewsOperations, wishlistOperations, savedSearchesOperations, supportOperations,
  reportsOperations, statementsOperations, taxOperations, adminOperations, platformOperations,
];

/** Which path and method each handler serves (a handler may serve several methods). */
export type HandlerRoute = { path: string; method: HttpMethod };

function routeMethods(): { routes: RouteMethod[]; handlers: Map<unknown, HandlerRoute[]> } {
  const modules: (readonly [string, Record<string, unknown>])[] = [
    ...ROUTE_MODULES,
    ["/api/openapi.json", self as Record<string, unknown>],
  ];
  const routes: RouteMethod[] = [];
  const handlers = new Map<unknown, HandlerRoute[]>();
  for (const [pattern, mod] of modules) {
    const path = openApiPath(pattern);
    for (const method of METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      routes.push({ path, method, spec: routeSpecOf(handler) });
      handlers.set(handler, [...(handlers.get(handler) ?? []), { path, method }]);
    }
  }
  return { routes, handlers };
}

let built: { document: Record<string, unknown>; handlers: Map<unknown, HandlerRoute[]> } | undefined;

function build() {
  if (!built) {
    const { routes, handlers } = routeMethods();
    built = { document: buildOpenApiDocument({ version: packageJson.version, routes, domains: DOMAIN_OPERATIONS }), handlers };
  }
  return built;
}

/** The OpenAPI 3.1 document, built on first use. */
export function openApiDocument(): Record<string, unknown> {
  return build().document;
}

/** The paths and methods a route handler serves, for the contract check of the API tests. */
export function routesOfHandler(handler: unknown): HandlerRoute[] {
  return build().handlers.get(handler) ?? [];
}
