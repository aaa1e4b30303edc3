/**
 * The admin operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import { objectList, type TaggedOperations } from "@/lib/platform/api/openapi";

export const adminOperations: TaggedOperations = {
  tag: "admin",
  description: "Admin: users, products, disputes, tickets, stats and the audit log",
  operations: [
    { method: "GET", path: "/api/admin/audit", summary: "The audit log" },
    { method: "GET", path: "/api/admin/disputes", summary: "Orders with a dispute or a chargeback", response: objectList, headers: ["X-Total-Count"] },
    { method: "GET", path: "/api/admin/disputes/{id}/conversation", summary: "What buyer and seller wrote about a disputed order", errors: [404] },
    { method: "POST", path: "/api/admin/disputes/{id}/resolve", summary: "Resolve a dispute: release, refund or return", errors: [404, 409] },
    { method: "GET", path: "/api/admin/products", summary: "Every listing, searchable" },
    { method: "DELETE", path: "/api/admin/products/{id}", summary: "Remove a listing with a statement of reasons", errors: [404, 409] },
    { method: "PUT", path: "/api/admin/products/{id}/feature", summary: "Feature a listing or stop featuring it", errors: [404] },
    { method: "GET", path: "/api/admin/stats", summary: "Totals, today's counts and a 30-day series" },
    { method: "GET", path: "/api/admin/users", summary: "Every user, searchable" },
    { method: "PUT", path: "/api/admin/users/{id}/ban", summary: "Ban a user with a statement of reasons", errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/hold-payouts", summary: "Hold a user's payouts with a statement of reasons", errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/release-payouts", summary: "Release a user's held payouts", errors: [404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/unban", summary: "Unban a user", errors: [400, 404, 409] },
    { method: "PUT", path: "/api/admin/users/{id}/verify", summary: "Mark a user verified", errors: [400, 404, 409] },
  ],
};
