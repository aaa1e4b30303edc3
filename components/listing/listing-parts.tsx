"use client";

/** The sell form's small parts: a titled section, a character counter, a field's error line. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";
import type { ListingField } from "./listing-messages";

export function Section({
  icon: Icon,
  title,
  description,
  headingId,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  description?: string;
  headingId: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="space-y-5 rounded-2xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Icon aria-hidden="true" className="size-4.5" />
        </span>
        <div>
          <h2 id={headingId} className="text-lg leading-9 font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
      </div>
      {children}
    </section>
  );
}

export function Counter({ id, count, max, testId }: { id: string; count: number; max: number; testId: string }) {
  const t = useTranslations("listing");
  return (
    <span
      id={id}
      data-testid={testId}
      className={cn("text-xs text-muted-foreground tabular-nums", count >= max && "font-medium text-destructive")}
    >
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span className="sr-only">{t("fields.counter", { count, max })}</span>
    </span>
  );
}

export function FieldError({ id, message, field }: { id: string | undefined; message: string | undefined; field: ListingField }) {
  if (!id || !message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid={`listing-error-${field}`}>
      {message}
    </p>
  );
}

/** The form was filled from the draft the browser kept (./listing-draft.ts); start over empties it. */
export function DraftNotice({ onStartOver }: { onStartOver: () => void }) {
  const t = useTranslations("listing.draft");
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="listing-draft-restored"
    >
      <p>{t("restored")}</p>
      <Button type="button" variant="outline" size="sm" onClick={onStartOver} data-testid="listing-draft-discard">
        {t("startOver")}
      </Button>
    </div>
  );
}
