"use client";

/**
 * "Save this search" on /browse ("zoekopdracht opslaan"): stores the applied filters
 * (text, category, price range, place or postcode with radius, delivery, condition). A visitor is asked to
 * log in. Lives in its own component; the browse page renders it with one line.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { BellPlusIcon, BellRingIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { browseApiParams, type BrowseState } from "@/lib/domains/catalog/client";
import { SAVED_FILTER_KEYS, SAVED_SEARCHES_MAX } from "@/lib/domains/saved-searches/client";
import { useErrorText } from "@/components/lib/use-error-text";

/** The filters of a browse state, as the API's query values (prices normalised like the search does). */
function filtersOf(state: BrowseState): Record<string, string> {
  const api = browseApiParams({ ...state, page: 1, view: "list" });
  const filters: Record<string, string> = {};
  for (const key of SAVED_FILTER_KEYS) {
    const value = api.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

export function SaveSearchButton({ state }: { state: BrowseState }) {
  const t = useTranslations("savedSearches");
  const errorText = useErrorText();
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [pending, setPending] = React.useState(false);
  const filters = filtersOf(state);
  const key = JSON.stringify(filters);
  const [savedKey, setSavedKey] = React.useState<string | null>(null);
  const saved = savedKey === key;
  const empty = Object.keys(filters).length === 0;

  async function save() {
    if (session.status !== "authenticated") {
      toast.info(t("loginRequired"));
      authDialog.open("login");
      return;
    }
    if (empty) {
      toast.info(t("noFilters"));
      return;
    }
    setPending(true);
    try {
      // The API client loads with the first save, not with every /browse.
      const { ApiError, apiResponse } = await import("@/components/lib/api-client");
      try {
        const { status } = await apiResponse("/api/saved-searches", { json: filters });
        if (status === 201) toast.success(t("saved"), { description: t("savedHint") });
        else toast.info(t("alreadySaved"));
        setSavedKey(key);
      } catch (error) {
        const failure = error instanceof ApiError ? error : null;
        if (failure?.code === "too_many_saved_searches") toast.error(t("tooMany", { max: SAVED_SEARCHES_MAX }));
        else toast.error(failure?.status === 422 ? errorText(failure, t("failed")) : t("failed"));
      }
    } catch {
      toast.error(t("failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mt-4 flex justify-end">
      <Button
        type="button"
        variant={saved ? "secondary" : "outline"}
        size="sm"
        disabled={pending || session.status === "loading"}
        aria-pressed={saved}
        onClick={() => void save()}
        data-testid="save-search"
        data-saved={saved}
      >
        {saved ? <BellRingIcon aria-hidden="true" /> : <BellPlusIcon aria-hidden="true" />}
        {pending ? t("saving") : saved ? t("saved") : t("save")}
      </Button>
    </div>
  );
}
