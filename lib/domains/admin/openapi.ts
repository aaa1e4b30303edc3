/**
 * The admin operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { z } from "zod";
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { auditPageJson } from "@/lib/domains/audit";
import { disputeConversationJson } from "@/lib/domains/messaging";
import { orderJson } from "@/lib/domains/orders";
import {
  adminProductsJson,
  adminStatsJson,
  adminUserChangeJson,
  adminUsersJson,
  featuredJson,
  payoutHoldJson,
  removedProductJson,
} from "./responses";

export const adminOperations: TaggedOperations = {
  tag: "admin",
  description: "Admin: users, products, disputes, tickets, stats and the audit log",
  operations: [
    { method: "GET", path: "/api/admin/audit", summary: "The audit log", response: auditPageJson },
    { method: "GET", path: "/api/admin/disputes", summary: "Orders with a dispute or a chargeback", response: z.array(orderJson), headers: ["X-Total-Count"] },
    { method: "GET", path: "/api/admin/disputes/{id}/conversation", summary: "What buyer and seller wrote about a disputed order", response: disputeConversationJson, errors: [404] },
    { method: "POST", path: "/api/admin/disputes/{id}/resolve", summary: "Resolve a dispute: release, refund or return", response: orderJson.describe("The order after the decision"), errors: [404, 409] },
    { method: "GET", path: "/api/admin/products", summary: "Every listing, searchable", response: adminProductsJson },
    { method: "DELETE", path: "/api/admin/products/{id}", summary: "Remove a listing with a statement of reasons", response: removedProductJson, errors: [404, 409] },
    { method: "PUT", path: "/api/admin/products/{id}/feature", summary: "Feature a listing or stop featuring it", response: featuredJson, errors: [404] },
    { method: "GET", path: "/api/admin/stats", summary: "Totals, today's counts and a 30-day series", response: adminStatsJson },
    { method: "GET", path: "/api/admin/users", summary: "Every user, searchable", response: adminUsersJson },
    { method: "PUT", path: "/api/admin/users/{id}/ban", summary: "Ban a user with a statement of reasons", response: adminUserChangeJson, errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/hold-payouts", summary: "Hold a user's payouts with a statement of reasons", response: payoutHoldJson, errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/release-payouts", summary: "Release a user's held payouts", response: payoutHoldJson, errors: [404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/unban", summary: "Unban a user", response: adminUserChangeJson, errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/verify", summary: "Mark a user verified", response: adminUserChangeJson, errors: [400, 404, 409] },
  ],
};
