import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CheckCircle2Icon, XCircleIcon } from "lucide-react";
import { confirmEmail } from "@/lib/domains/notifications";

// Reads its token from the query: per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("confirmEmail");
  return { title: t("title"), robots: { index: false }, referrer: "no-referrer" };
}

/**
 * /confirm-email?token=…: the welcome mail's link. Confirming is harmless to repeat (a
 * second click, or a mail scanner's, confirms the same address), so the page does it.
 */
export default async function ConfirmEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations("confirmEmail");
  const { token } = await searchParams;
  const ok = typeof token === "string" && (await confirmEmail(token));
  const Icon = ok ? CheckCircle2Icon : XCircleIcon;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p role="status" className="mt-6 flex items-start gap-3 rounded-xl border bg-card p-5" data-testid={ok ? "confirm-email-ok" : "confirm-email-invalid"}>
        <Icon aria-hidden="true" className={ok ? "mt-0.5 size-5 shrink-0 text-primary" : "mt-0.5 size-5 shrink-0 text-destructive"} />
        <span>{ok ? t("ok") : t("invalid")}</span>
      </p>
      <p className="mt-6">
        <Link href="/browse" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("browse")}
        </Link>
      </p>
    </div>
  );
}
