"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ArrowLeftIcon } from "lucide-react";
import { hasInSiteHistory } from "@/components/layout/navigation-tracker";
import { Button } from "@/components/ui/button";

/**
 * One step back (the back button goes one step back) while that stays on the site.
 * Opened from a link elsewhere (a search engine, a shared link), it goes to /browse
 * instead of leaving Kringwaar.
 */
export function BackButton({ fallbackHref = "/browse" }: { fallbackHref?: string }) {
  const t = useTranslations("catalog");
  const router = useRouter();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="-ml-2"
      data-testid="back-button"
      onClick={() => {
        if (hasInSiteHistory()) router.back();
        else router.push(fallbackHref);
      }}
    >
      <ArrowLeftIcon aria-hidden="true" />
      {t("back")}
    </Button>
  );
}
