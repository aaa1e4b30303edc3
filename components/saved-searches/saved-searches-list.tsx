"use client";

/**
 * The saved searches, on /wishlist and under Dashboard → Favorieten: each with its new
 * matches since last opened, a link to the results, and delete. On a phone the name has
 * its own line (it wraps, never cut short) and the actions sit below it.
 */
import * as React from "react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { SearchIcon, Trash2Icon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { SavedSearchJson } from "@/lib/domains/saved-searches/client";
import { markOpened } from "./saved-search-client";
import { api, apiResult } from "@/components/lib/api-client";

export function SavedSearchesList({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useTranslations("savedSearches");
  const [searches, setSearches] = React.useState<SavedSearchJson[] | null>(null);
  const [failed, setFailed] = React.useState(false);

  React.useEffect(() => {
    let live = true;
    api<SavedSearchJson[]>("/api/saved-searches")
      .then((data) => live && setSearches(data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);

  async function remove(search: SavedSearchJson) {
    const result = await apiResult(`/api/saved-searches/${search.id}`, { method: "DELETE" });
    if (!result.ok) {
      toast.error(t("deleteFailed"));
      return;
    }
    toast.success(t("deleted"));
    setSearches((current) => current?.filter((s) => s.id !== search.id) ?? null);
  }

  return (
    <section aria-labelledby="saved-searches-title" className="space-y-3" data-testid="saved-searches">
      <Heading id="saved-searches-title" className="text-lg font-semibold">
        {t("title")}
      </Heading>
      <p className="text-sm text-muted-foreground">{t("description")}</p>
      {failed ? (
        <p className="text-sm text-destructive">{t("loadFailed")}</p>
      ) : searches === null ? (
        <div className="h-16 animate-pulse rounded-xl bg-muted" />
      ) : searches.length === 0 ? (
        <p className="rounded-xl border bg-muted/40 p-4 text-sm text-muted-foreground" data-testid="saved-searches-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="divide-y rounded-xl border">
          {searches.map((search) => (
            <li key={search.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-3" data-testid="saved-search" data-saved-search-id={search.id}>
              <span className="flex min-w-0 flex-1 items-start gap-2 sm:items-center">
                <SearchIcon aria-hidden="true" className="mt-1 size-4 shrink-0 text-muted-foreground sm:mt-0" />
                <span className="min-w-0 font-medium break-words" data-testid="saved-search-name">
                  {search.name}
                </span>
              </span>
              <span className="flex shrink-0 flex-wrap items-center gap-2">
                <Badge variant={search.new_matches > 0 ? "default" : "secondary"} data-testid="saved-search-new">
                  {t("newMatches", { count: search.new_matches })}
                </Badge>
                <Button asChild size="sm" variant="outline">
                  <Link href={search.browse_url} onClick={() => void markOpened(search.id)} data-testid="saved-search-open">
                    {t("open")}
                  </Link>
                </Button>
                <Button size="sm" variant="ghost" aria-label={t("deleteLabel", { name: search.name })} onClick={() => void remove(search)}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
