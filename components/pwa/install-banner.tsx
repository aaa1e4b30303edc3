"use client";

/** The install offer's banner (components/pwa/install-prompt.tsx; docs/phone.md), loaded when shown. */
import { useTranslations } from "next-intl";
import { DownloadIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

export function InstallBanner({ kind, onInstall, onDismiss }: { kind: "native" | "ios"; onInstall: () => void; onDismiss: () => void }) {
  const t = useTranslations("installPrompt");
  return (
    <aside
      aria-labelledby="install-prompt-title"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md items-start gap-3 rounded-2xl border bg-card p-4 shadow-lg md:bottom-6"
      data-testid="install-prompt"
    >
      <div className="flex-1">
        <h2 id="install-prompt-title" className="font-semibold">{t("title")}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{kind === "ios" ? t("iosBody") : t("body")}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {kind === "native" ? (
            <Button size="sm" onClick={onInstall} data-testid="install-prompt-install">
              <DownloadIcon aria-hidden="true" />
              {t("install")}
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={onDismiss} data-testid="install-prompt-dismiss">
            {t("dismiss")}
          </Button>
        </div>
      </div>
      <button type="button" onClick={onDismiss} aria-label={t("dismiss")} className="rounded-md p-1 text-muted-foreground hover:text-foreground">
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </aside>
  );
}
