"use client";

/** Shared pieces of the admin tables: the table itself, search box, pager, skeleton and empty state. */
import { useState, type HTMLAttributes, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/platform/utils";

export type AdminColumn<T> = {
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The row's title: on a card it comes first, large and without its label. */
  primary?: boolean;
};

/**
 * One admin table for every width: from `lg` a table with a column
 * per field; below it the same rows as cards, one per row, each field under its label
 * and the actions at the bottom, so no column is ever narrow enough to break words
 * letter by letter. One DOM for both (CSS only): the row's test ids and buttons are the
 * same, and screen readers keep the table with its headers (the card labels are only
 * visual, `aria-hidden`).
 */
export function AdminTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  testId,
}: {
  caption: string;
  columns: AdminColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  testId: string;
}) {
  return (
    <div className="lg:overflow-x-auto lg:rounded-xl lg:border">
      <table className="w-full text-left text-sm max-lg:block" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50 max-lg:sr-only">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="p-3">{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="max-lg:block max-lg:space-y-3">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="border-t align-top max-lg:block max-lg:rounded-xl max-lg:border max-lg:bg-card max-lg:p-3 max-lg:shadow-xs"
              data-admin-card=""
              {...rowProps?.(row)}
            >
              {columns.map((column) => {
                const content = column.cell(row);
                return (
                  <td
                    key={column.key}
                    className={cn(
                      "p-3 max-lg:block max-lg:px-0 max-lg:py-1",
                      content === null && "max-lg:hidden",
                      column.primary && "font-medium max-lg:pt-0 max-lg:text-base",
                      column.className,
                    )}
                  >
                    {column.primary || content === null ? null : (
                      <span aria-hidden="true" className="block text-xs text-muted-foreground lg:hidden">{column.label}</span>
                    )}
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SearchBox({ onSearch, label }: { onSearch: (value: string) => void; label: string }) {
  const t = useTranslations("admin.table");
  const [value, setValue] = useState("");
  return (
    <form
      role="search"
      className="flex max-w-md gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <Input type="search" aria-label={label} placeholder={label} value={value} onChange={(e) => setValue(e.target.value)} data-testid="admin-search" />
      <Button type="submit" variant="outline">
        <SearchIcon aria-hidden="true" />
        {t("search")}
      </Button>
    </form>
  );
}

export function Pager({ page, pages, setPage }: { page: number; pages: number; setPage: (p: number) => void }) {
  const t = useTranslations("admin.table");
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("pagination")} className="flex items-center gap-3 text-sm">
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)} data-testid="pager-prev">{t("previous")}</Button>
      <span>{t("pageOf", { page: page + 1, pages })}</span>
      <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)} data-testid="pager-next">{t("next")}</Button>
    </nav>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  const t = useTranslations("admin.table");
  return (
    <div className="space-y-2" aria-busy="true" aria-label={t("loading")}>
      {Array.from({ length: rows }, (_, i) => <div key={i} className="h-12 animate-pulse rounded-lg bg-muted" />)}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground" data-testid="admin-empty">{text}</p>;
}

export function ErrorState({ text }: { text: string }) {
  return <p role="alert" className="rounded-xl border border-destructive/40 p-4 text-sm text-destructive">{text}</p>;
}
