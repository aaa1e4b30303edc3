import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { PageMessages } from "@/components/i18n/page-messages";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("passwordReset.forgot");
  return { title: t("title"), robots: { index: false } };
}

/** /forgot-password: asks for the e-mail address to send a reset link to. */
export default async function ForgotPasswordPage({ params }: { params: LocaleParams }) {
  const locale = await pageLocale(params);
  const t = await getTranslations("passwordReset.forgot");
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <p className="mt-2 mb-6 text-muted-foreground">{t("intro")}</p>
      <PageMessages locale={locale} namespaces={["passwordReset"]}>
        <ForgotPasswordForm />
      </PageMessages>
    </div>
  );
}
