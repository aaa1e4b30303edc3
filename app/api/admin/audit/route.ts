// GET /api/admin/audit?skip&limit&action → {entries, total}: the audit log (admins only; read only).
import { route } from "@/lib/domains/route";
import { auditQuery } from "@/lib/domains/admin";
import { listAudit } from "@/lib/domains/audit";

export const GET = route({ auth: "admin", query: auditQuery, handler: ({ query }) => listAudit(query, { action: query.action }) });
