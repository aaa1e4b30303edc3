import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LinkIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";
import { PageMessages } from "@/components/i18n/page-messages";
import { resetTokenUsable } from "@/lib/domains/accounts";

// Reads its token from the query: per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("passwordReset.reset");
  // The link's token is in the address: no index, and no referrer to other sites.
  return { title: t("title"), robots: { index: false }, referrer: "no-referrer" };
}

/**
 * /reset-password?token=…: the page of the mailed link; chooses the new password. The
 * token is checked on load (read only, not used up): a used or expired link says so,
 * with a way to ask for a new one, instead of a form that fails on submit.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations("passwordReset.reset");
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  if (!(await resetTokenUsable(token))) {
    return (
      <div className="mx-auto max-w-md px-4 py-12 text-center sm:px-6">
        <section data-testid="reset-link-used" aria-labelledby="reset-used-title">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <LinkIcon aria-hidden="true" className="size-7" />
          </span>
          <h1 id="reset-used-title" className="mt-4 text-2xl font-bold tracking-tight">{t("usedTitle")}</h1>
          <p className="mt-3 text-muted-foreground">{t("usedText")}</p>
          <Button asChild className="mt-8">
            <Link href="/forgot-password">{t("askNew")}</Link>
          </Button>
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("intro")}</p>
      <PageMessages namespaces={["passwordReset"]}>
        <ResetPasswordForm token={token} />
      </PageMessages>
      <p className="mt-6 text-sm">
        <Link href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("newLink")}
        </Link>
      </p>
    </div>
  );
}
