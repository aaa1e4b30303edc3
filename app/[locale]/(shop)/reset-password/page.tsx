import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

// Reads its token from the query: per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("passwordReset.reset");
  // The link's token is in the address: no index, and no referrer to other sites.
  return { title: t("title"), robots: { index: false }, referrer: "no-referrer" };
}

/** /reset-password?token=…: the page of the mailed link; chooses the new password. */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const t = await getTranslations("passwordReset.reset");
  const { token } = await searchParams;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("intro")}</p>
      <ResetPasswordForm token={typeof token === "string" ? token : ""} />
      <p className="mt-6 text-sm">
        <Link href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline">
          {t("newLink")}
        </Link>
      </p>
    </div>
  );
}
