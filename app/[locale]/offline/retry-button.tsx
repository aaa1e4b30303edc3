"use client";

import { RotateCwIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Reloads the page the user wanted (the service worker served this one in its place). */
export function RetryButton({ label }: { label: string }) {
  return (
    <Button className="mt-8" onClick={() => window.location.reload()}>
      <RotateCwIcon aria-hidden="true" />
      {label}
    </Button>
  );
}
