import * as React from "react";
import { LoaderCircleIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";

/**
 * A spinning indicator. With `label` it is announced as a status; without one it is
 * decorative (use it inside something that already says what is loading).
 */
export function Spinner({
  className,
  label,
  ...props
}: React.ComponentProps<"svg"> & { label?: string }) {
  const icon = (
    <LoaderCircleIcon
      data-slot="spinner"
      aria-hidden="true"
      className={cn("size-4 animate-spin text-muted-foreground", className)}
      {...props}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
