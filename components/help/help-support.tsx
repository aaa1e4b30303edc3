import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { MailIcon } from "lucide-react";
import { SUPPORT_EMAIL } from "@/components/layout/footer";

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

/** The closing box of the help pages: the support mailto and the contact page. */
export async function HelpSupport() {
  const t = await getTranslations("help");
  return (
    <aside className="mt-12 rounded-xl border bg-muted/60 p-6" data-testid="help-support">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MailIcon aria-hidden="true" className="size-5 text-primary" />
        {t("supportTitle")}
      </h2>
      <p className="mt-2 text-muted-foreground">
        {t.rich("supportText", {
          email: (chunks) => (
            <a href={`mailto:${SUPPORT_EMAIL}`} className={linkClass} data-testid="help-support-mailto">
              {chunks}
            </a>
          ),
          contact: (chunks) => (
            <Link href="/contact" className={linkClass}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </aside>
  );
}

/** A page header shared by the help pages. */
export async function HelpHeader({ title, intro }: { title: string; intro: string }) {
  const t = await getTranslations("help");
  return (
    <header className="border-b pb-8">
      <p className="text-sm font-medium text-primary">{t("kicker")}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{intro}</p>
    </header>
  );
}
