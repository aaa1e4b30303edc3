import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AppealForm } from "@/components/statements/appeal-form";
import { readAppealToken } from "@/lib/domains/statements";

// Reads its signed link from the query: per request.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statements");
  return { title: t("appealTitle"), robots: { index: false }, referrer: "no-referrer" };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /appeal?statement=…&token=…: the internal complaint (DSA art. 20) against a statement
 * of reasons, from the link in its mail (a banned user has no session) or the login
 * dialog. Without a token the signed-in owner may still file it (the API checks).
 */
export default async function AppealPage({ searchParams }: { searchParams: Promise<{ statement?: string | string[]; token?: string | string[] }> }) {
  const t = await getTranslations("statements");
  const { statement, token } = await searchParams;
  const statementId = typeof statement === "string" && UUID.test(statement) ? statement : null;
  const tokenValue = typeof token === "string" ? token : undefined;
  const valid = statementId !== null && (tokenValue === undefined || readAppealToken(tokenValue)?.statementId === statementId);
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("appealTitle")}</h1>
      {valid ? (
        <>
          <p className="mt-2 mb-6 text-muted-foreground">{t("appealIntro")}</p>
          <AppealForm statementId={statementId} token={tokenValue} />
        </>
      ) : (
        <p role="alert" className="mt-6 text-destructive" data-testid="appeal-invalid">{t("appealInvalid")}</p>
      )}
    </div>
  );
}
