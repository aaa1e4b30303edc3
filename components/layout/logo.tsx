import * as React from "react";
import { cn } from "@/lib/platform/utils";

/**
 * The Kringwaar mark: a closed loop of two arrows (things go round) around a leaf.
 * The same drawing renders the PWA icons and the favicon.
 */
export function LogoMark({ className, ...props }: React.ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={cn("size-8", className)} {...props}>
      <rect width="64" height="64" rx="16" className="fill-primary" />
      <g fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round">
        <path d="M14.15 25.5A19 19 0 0 1 46.9 20.9" />
        <path d="M49.85 38.5A19 19 0 0 1 17.1 43.1" />
      </g>
      <path fill="#fff" d="M53.2 19.5 50.9 28.9 43.4 23.1Z M10.8 44.5 13.1 35.1 20.6 40.9Z" />
      <path fill="#fff" d="M32 21c7.5 3.8 8.6 14.8 0 22c-8.6-7.2-7.5-18.2 0-22Z" transform="rotate(35 32 32)" />
      <path fill="none" className="stroke-primary" strokeWidth="1.6" strokeLinecap="round" d="M32 27v12" transform="rotate(35 32 32)" />
    </svg>
  );
}

export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cn("text-lg font-bold tracking-tight text-foreground", wordmarkClassName)}>Kringwaar</span>
    </span>
  );
}
