import type * as React from "react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/platform/utils";
import { GRID_CLASSES } from "./grid-classes";

/** Placeholder cards while products load; announced once as "loading". */
export function ProductGridSkeleton({ count = 8, className }: { count?: number; className?: string }) {
  const t = useTranslations("common");
  return <GridSkeleton count={count} className={className} label={t("loading")} />;
}

/** ProductGridSkeleton with the announcement given (a boundary that cannot translate). */
export function GridSkeleton({ count, className, label }: { count: number; className?: string; label: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" data-testid="product-grid-skeleton" className={className}>
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className={cn(GRID_CLASSES)}>
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-xl border bg-card shadow-sm">
            <div className="aspect-[4/3] animate-pulse bg-muted" />
            <div className="space-y-2 p-3 sm:p-4">
              <div className="h-4 w-4/5 animate-pulse rounded bg-muted" />
              <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
              <div className="h-6 w-1/3 animate-pulse rounded bg-muted" />
              <div className="flex justify-between pt-1">
                <div className="h-5 w-16 animate-pulse rounded-full bg-muted" />
                <div className="h-4 w-14 animate-pulse rounded bg-muted" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
