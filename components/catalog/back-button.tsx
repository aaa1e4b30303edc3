"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ArrowLeftIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * One step back (SPEC: the back button goes one step back). In a fresh tab (a shared
 * link opened on its own) there is no step back, so it goes to /browse instead.
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
        if (window.history.length > 1) router.back();
        else router.push(fallbackHref);
      }}
    >
      <ArrowLeftIcon aria-hidden="true" />
      {t("back")}
    </Button>
  );
}
