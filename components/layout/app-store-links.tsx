import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/platform/utils";

export const APP_STORE_URL = "https://apps.apple.com/nl/app/kringwaar/id0000000000";
export const GOOGLE_PLAY_URL = "https://play.google.com/store/apps/details?id=nl.kringwaar.app";

function AppleGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-current">
      <path d="M16.37 12.74c-.02-2.3 1.88-3.4 1.96-3.46-1.07-1.56-2.73-1.78-3.32-1.8-1.41-.14-2.76.83-3.47.83-.72 0-1.82-.81-3-.79-1.54.02-2.96.9-3.75 2.28-1.6 2.78-.41 6.9 1.15 9.15.76 1.1 1.67 2.34 2.86 2.3 1.15-.05 1.58-.74 2.97-.74 1.38 0 1.77.74 2.98.72 1.23-.02 2.01-1.12 2.76-2.23.87-1.27 1.23-2.5 1.25-2.57-.03-.01-2.38-.91-2.39-3.69ZM14.1 5.98c.63-.77 1.06-1.83.94-2.9-.91.04-2.01.61-2.66 1.37-.58.67-1.09 1.76-.96 2.8 1.02.08 2.05-.51 2.68-1.27Z" />
    </svg>
  );
}

function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5">
      <path fill="#34a853" d="M3.6 2.3 13.7 12 3.6 21.7c-.3-.2-.5-.6-.5-1V3.3c0-.4.2-.8.5-1Z" />
      <path fill="#fbbc04" d="m17.1 8.6-3.4 3.4 3.4 3.4 3.8-2.2c.8-.5.8-1.8 0-2.3l-3.8-2.3Z" />
      <path fill="#4285f4" d="M13.7 12 3.6 21.7c.4.3.9.3 1.4.1l12.1-6.4-3.4-3.4Z" />
      <path fill="#ea4335" d="M13.7 12 17.1 8.6 5 2.2c-.5-.2-1-.2-1.4.1L13.7 12Z" />
    </svg>
  );
}

const badgeClass =
  "inline-flex h-11 items-center gap-2.5 rounded-lg bg-foreground px-3.5 text-background transition-opacity hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/** App Store and Google Play links (installable, with iOS and Android apps). */
export async function AppStoreLinks({ className }: { className?: string }) {
  const t = await getTranslations("apps");
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <a href={APP_STORE_URL} target="_blank" rel="noopener noreferrer" className={badgeClass}>
        <AppleGlyph />
        <span className="flex flex-col leading-none">
          <span className="text-[10px]">{t("appStoreKicker")}</span>{" "}
          <span className="text-sm font-semibold">App Store</span>
        </span>
      </a>
      <a href={GOOGLE_PLAY_URL} target="_blank" rel="noopener noreferrer" className={badgeClass}>
        <PlayGlyph />
        <span className="flex flex-col leading-none">
          <span className="text-[10px] uppercase">{t("googlePlayKicker")}</span>{" "}
          <span className="text-sm font-semibold">Google Play</span>
        </span>
      </a>
    </div>
  );
}
