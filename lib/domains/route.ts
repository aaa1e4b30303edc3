/**
 * The route wrapper (lib/platform/api/route.ts) with the domains' hooks registered: what
 * every app/api route file imports `route` from.
 */
import "./register";

export * from "@/lib/platform/api/route";
