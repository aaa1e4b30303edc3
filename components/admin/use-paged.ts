"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

/** A page of an admin list (skip = page × size) with a search box and a reload. */
export function usePaged<T>(path: string, key: string, size: number, failed: string) {
  const errorText = useErrorText();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState("");
  const [data, setData] = useState<{ items: T[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    const params = new URLSearchParams({ skip: String(page * size), limit: String(size) });
    if (search.trim()) params.set("search", search.trim());
    return api<Record<string, unknown> & { total: number }>(`${path}?${params}`).then(
      (body) => {
        setData({ items: body[key] as T[], total: body.total });
        setError(null);
      },
      (err: unknown) => setError(errorText(err, failed)),
    );
  }, [page, size, search, path, key, failed, errorText]);

  useEffect(() => {
    void load();
  }, [load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / size)) : 1;
  return {
    page,
    pages,
    setPage,
    search,
    setSearch: (value: string) => {
      setPage(0);
      setSearch(value);
    },
    data,
    error,
    reload: load,
  };
}
