"use client";

/** The dashboard's saved searches: each with its new matches since last opened, a link to the results, and delete. */
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

export function SavedSearchesList() {
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
      <h3 id="saved-searches-title" className="text-lg font-semibold">
        {t("title")}
      </h3>
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
            <li key={search.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="saved-search" data-saved-search-id={search.id}>
              <SearchIcon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="min-w-0 flex-1 truncate font-medium" data-testid="saved-search-name">
                {search.name}
              </span>
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
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
