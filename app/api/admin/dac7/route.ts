// GET /api/admin/dac7?year=&format=json|xml: the reportable sellers of the year with their
// quarterly figures, or the year's DPI XML file for the Belastingdienst (admins only; 409
// platform_operator_missing in production without PLATFORM_OPERATOR_*).
import { route } from "@/lib/domains/route";
import { dac7Query, dac7Report, dac7Xml, dac7XmlResponse } from "@/lib/domains/tax";

export const GET = route({
  auth: "admin",
  query: dac7Query,
  handler: async ({ query }) => (query.format === "xml" ? dac7XmlResponse(await dac7Xml(query.year)) : dac7Report(query.year)),
});
