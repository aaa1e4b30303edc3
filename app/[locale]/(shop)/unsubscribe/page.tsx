import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { UnsubscribeForm } from "@/components/auth/unsubscribe-form";
import { PageMessages } from "@/components/i18n/page-messages";
import { readUnsubscribeToken } from "@/lib/platform/mail/unsubscribe";

// Reads its signed link from the query: per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("unsubscribe");
  return { title: t("title"), robots: { index: false }, referrer: "no-referrer" };
}

/** /unsubscribe?token=…: the link at the bottom of a mail that is not strictly needed. */
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations("unsubscribe");
  const tCategories = await getTranslations("mail.categoryNames");
  const { token } = await searchParams;
  const claims = typeof token === "string" ? readUnsubscribeToken(token) : null;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      {claims ? (
        <>
          <p className="mt-2 mb-6 text-muted-foreground">{t("intro", { category: tCategories(claims.category) })}</p>
          <PageMessages namespaces={["unsubscribe"]}>
            <UnsubscribeForm token={token as string} category={tCategories(claims.category)} />
          </PageMessages>
        </>
      ) : (
        <p role="alert" className="mt-6 text-destructive" data-testid="unsubscribe-invalid">{t("invalid")}</p>
      )}
      <p className="mt-6 text-sm">
        <Link href="/dashboard?tab=settings" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("settings")}
        </Link>
      </p>
    </div>
  );
}
