/**
 * The tax operations of the OpenAPI document (docs/api.md, "The OpenAPI
 * document"): what the route wrapper cannot know about each route (its summary, its
 * answer, the errors the services give). Params, query and body come from the route itself.
 */
import type { TaggedOperations } from "@/lib/platform/api/openapi";
import { dac7ReportJson, myDac7Json, taxProfileAnswerJson } from "./responses";

export const taxOperations: TaggedOperations = {
  tag: "tax",
  description: "DAC7: the seller's tax details and statements, the yearly report",
  operations: [
    { method: "GET", path: "/api/admin/dac7", summary: "The reportable sellers of a year, or the DPI XML file", response: dac7ReportJson, extra: [{ status: 200, description: "The sellers; ?format=xml gives the DPI XML file", contentType: "application/xml" }], errors: [409] },
    { method: "GET", path: "/api/users/me/dac7", summary: "The seller's own DAC7 statement of a year", response: myDac7Json },
    { method: "GET", path: "/api/users/me/tax-profile", summary: "The seller's DAC7 details, masked", response: taxProfileAnswerJson },
    { method: "PUT", path: "/api/users/me/tax-profile", summary: "Save the seller's DAC7 details (a BSN or TIN and IBAN left out keep the stored ones)", response: taxProfileAnswerJson },
  ],
};
