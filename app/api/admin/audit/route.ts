// GET /api/admin/audit?skip&limit&action → {entries, total}: the audit log (admins only; read only).
import { route } from "@/lib/api/route";
import { auditQuery } from "@/lib/admin/schemas";
import { listAudit } from "@/lib/audit/log";

export const GET = route({ auth: "admin", query: auditQuery, handler: ({ query }) => listAudit(query, { action: query.action }) });
