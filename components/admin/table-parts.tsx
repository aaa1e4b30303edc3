"use client";

/** Shared pieces of the admin tables: search box, pager, skeleton and empty state. */
import { useState } from "react";
import { useTranslations } from "next-intl";
import { SearchIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

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
