import * as React from "react";
import { PackageSearchIcon, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";

/** A friendly "nothing here" block with an optional action. */
export function EmptyState({
  title,
  text,
  icon: Icon = PackageSearchIcon,
  action,
  className,
  testId = "empty-state",
}: {
  title: string;
  text?: string;
  icon?: LucideIcon;
  action?: React.ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        "flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center",
        className,
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <p className="mt-4 text-lg font-semibold">{title}</p>
      {text ? <p className="mt-1 max-w-md text-sm text-muted-foreground">{text}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
