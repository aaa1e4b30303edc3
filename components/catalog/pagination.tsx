import Link from "next/link";
import { useTranslations } from "next-intl";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/platform/utils";

type PaginationProps = {
  /** 1-based. */
  page: number;
  totalPages: number;
  /** Links (server pages, e.g. ?page=2)… */
  hrefFor?: (page: number) => string;
  /** …or buttons (client state). */
  onPageChange?: (page: number) => void;
  disabled?: boolean;
  className?: string;
};

/** Previous and next with "Page X of Y" in between; nothing when everything fits on one page. */
export function Pagination({ page, totalPages, hrefFor, onPageChange, disabled = false, className }: PaginationProps) {
  const t = useTranslations("catalog.pagination");
  if (totalPages <= 1) return null;
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;

  const control = (target: number, enabled: boolean, kind: "prev" | "next") => {
    const label = kind === "prev" ? t("previous") : t("next");
    const content = (
      <>
        {kind === "prev" ? <ChevronLeftIcon aria-hidden="true" /> : null}
        <span className="max-sm:sr-only">{label}</span>
        {kind === "next" ? <ChevronRightIcon aria-hidden="true" /> : null}
      </>
    );
    const testId = `pagination-${kind}`;
    if (hrefFor && enabled && !disabled) {
      return (
        <Button asChild variant="outline" data-testid={testId}>
          <Link href={hrefFor(target)} rel={kind} aria-label={label}>
            {content}
          </Link>
        </Button>
      );
    }
    return (
      <Button
        variant="outline"
        data-testid={testId}
        aria-label={label}
        disabled={!enabled || disabled}
        onClick={onPageChange ? () => onPageChange(target) : undefined}
      >
        {content}
      </Button>
    );
  };

  return (
    <nav aria-label={t("label")} data-testid="pagination" className={cn("flex items-center justify-center gap-3", className)}>
      {control(page - 1, hasPrevious, "prev")}
      <p className="min-w-28 text-center text-sm text-muted-foreground" data-testid="pagination-status" aria-live="polite">
        {t("status", { page, total: totalPages })}
      </p>
      {control(page + 1, hasNext, "next")}
    </nav>
  );
}
