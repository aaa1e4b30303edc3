import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/docs/api-reference";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  await pageLocale(params);
  const t = await getTranslations("apiDocs");
  return { title: t("title"), description: t("intro") };
}

/** /docs/api: the API reference for app builders, drawn from /api/openapi.json (docs/api.md). */
export default async function ApiDocsPage({ params }: { params: LocaleParams }) {
  await pageLocale(params);
  const t = await getTranslations("apiDocs");
  return (
    <article className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" data-testid="api-docs-page">
      <h1 className="text-3xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-muted-foreground">
        {t("intro")}{" "}
        <a className="font-medium text-primary underline-offset-4 hover:underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
      </p>
      <div className="mt-6">
        <ApiReference />
      </div>
    </article>
  );
}
