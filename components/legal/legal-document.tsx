import { getTranslations } from "next-intl/server";

/**
 * A legal text from messages/*.json: `legal.<doc>.title`, `.intro`, and per section
 * `.sections.<key>.title` and `.sections.<key>.text` (paragraphs separated by a blank line).
 */
export async function LegalDocument({ doc, sections }: { doc: "terms" | "privacy"; sections: readonly string[] }) {
  const t = await getTranslations(`legal.${doc}`);
  const tLegal = await getTranslations("legal");
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <header className="border-b pb-8">
        <p className="text-sm font-medium text-primary">{tLegal("kicker")}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{t("intro")}</p>
        <p className="mt-3 text-sm text-muted-foreground">{tLegal("updated")}</p>
      </header>
      <div className="mt-8 space-y-10">
        {sections.map((key, index) => {
          const paragraphs = t(`sections.${key}.text`).split(/\n\s*\n/);
          return (
            <section key={key} aria-labelledby={`legal-${key}`}>
              <h2 id={`legal-${key}`} className="text-xl font-semibold tracking-tight">
                {index + 1}. {t(`sections.${key}.title`)}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-foreground/85">
                {paragraphs.map((text, i) => (
                  <p key={i}>{text}</p>
                ))}
              </div>
            </section>
          );
        })}
      </div>
      <p className="mt-12 rounded-xl border bg-muted/60 p-5 text-sm text-muted-foreground">
        {tLegal.rich("questions", {
          email: (chunks) => (
            <a href="mailto:support@kringwaar.nl" className="font-medium text-primary underline-offset-4 hover:underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </article>
  );
}
