"use client";

import * as React from "react";
import { cn } from "@/lib/platform/utils";

/**
 * A form label. What @radix-ui/react-label adds to a <label>, without its Primitive and
 * Slot on every page with a form field (the JavaScript budget, docs/performance.md): a double click on the label does not
 * select its text, unless it lands on a control inside the label.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "flex items-center gap-2 text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50 group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50",
        className,
      )}
      onMouseDown={(event) => {
        if ((event.target as Element).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
