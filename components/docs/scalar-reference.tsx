"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * Scalar's reference of our own document, offline: no web fonts, no telemetry, no
 * request client (it would send calls through Scalar's proxy), no AI chat (a service of Scalar's).
 */
export default function ScalarReference() {
  return (
    <div data-testid="api-reference">
      <ApiReferenceReact
        configuration={{
          url: "/api/openapi.json",
          withDefaultFonts: false,
          telemetry: false,
          hideClientButton: true,
          hideTestRequestButton: true,
          showDeveloperTools: "never",
          documentDownloadType: "json",
          agent: { disabled: true },
        }}
      />
    </div>
  );
}
