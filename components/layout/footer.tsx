import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, PhoneIcon } from "lucide-react";
import { Logo } from "./logo";
import { AppStoreLinks } from "./app-store-links";

export const SUPPORT_EMAIL = "support@kringwaar.nl";
export const SUPPORT_PHONE = "+31201234567";
const SUPPORT_PHONE_DISPLAY = "020 123 4567";

const SOCIAL = [
  { key: "instagram", href: "https://www.instagram.com/kringwaar", icon: InstagramIcon },
  { key: "facebook", href: "https://www.facebook.com/kringwaar", icon: FacebookIcon },
  { key: "linkedin", href: "https://www.linkedin.com/company/kringwaar", icon: LinkedinIcon },
] as const;

// The footer's links are not prefetched as they scroll into view (Next's own advice for a
// footer): every page ends with them, and few visitors open them (docs/performance.md).
const linkClass =
  "rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

type FooterT = Awaited<ReturnType<typeof getTranslations<"footer">>>;

/** Links that stay in the site, one per line (or in a row, by `className`). */
function FooterLinks({ links, className }: { links: { href: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map(({ href, label }) => (
        <li key={`${href}:${label}`}>
          <Link href={href} prefetch={false} className={linkClass}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The logo, the tagline and the social links. */
function FooterBrand({ t }: { t: FooterT }) {
  return (
    <div className="space-y-4">
      <Logo />
      <p className="max-w-xs text-sm text-muted-foreground">{t("tagline")}</p>
      <ul className="flex items-center gap-2" aria-label={t("socialTitle")}>
        {SOCIAL.map(({ key, href, icon: Icon }) => (
          <li key={key}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`social.${key}`)}
              className="flex size-9 items-center justify-center rounded-full border bg-card text-muted-foreground transition-colors hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
            >
              <Icon aria-hidden="true" className="size-4" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Contact: the contact page, phone, mail and the response time. */
function FooterContact({ t }: { t: FooterT }) {
  return (
    <div>
      <h2 id="footer-contact" className="mb-3 text-sm font-semibold">
        {t("contactTitle")}
      </h2>
      <ul className="space-y-2" aria-labelledby="footer-contact">
        <li>
          <Link href="/contact" prefetch={false} className={linkClass}>
            {t("contact")}
          </Link>
        </li>
        <li>
          <a href={`tel:${SUPPORT_PHONE}`} className={`${linkClass} inline-flex items-center gap-2`}>
            <PhoneIcon aria-hidden="true" className="size-3.5" />
            {t("callUs", { phone: SUPPORT_PHONE_DISPLAY })}
          </a>
        </li>
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} inline-flex items-center gap-2`}>
            <MailIcon aria-hidden="true" className="size-3.5" />
            {t("emailSupport", { email: SUPPORT_EMAIL })}
          </a>
        </li>
        <li className="text-xs text-muted-foreground">{t("responseTime")}</li>
      </ul>
    </div>
  );
}

/** Tagline, platform and legal links, contact, social and app links. */
export async function Footer() {
  const t = await getTranslations("footer");
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t bg-muted/60">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <FooterBrand t={t} />

        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="mb-3 text-sm font-semibold">
            {t("platformTitle")}
          </h2>
          <FooterLinks
            className="space-y-2"
            links={[
              { href: "/browse", label: t("browse") },
              { href: "/categories", label: t("categories") },
              { href: "/sell", label: t("sell") },
              { href: "/how-it-works", label: t("howItWorks") },
              { href: "/faq", label: t("faq") },
            ]}
          />
        </nav>

        <FooterContact t={t} />

        <div>
          <h2 className="mb-3 text-sm font-semibold">{t("appsTitle")}</h2>
          <p className="mb-3 text-sm text-muted-foreground">{t("appsText")}</p>
          <AppStoreLinks />
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t("copyright", { year })}</p>
          <nav aria-label={t("legalTitle")}>
            <FooterLinks
              className="flex flex-wrap gap-x-5 gap-y-2"
              links={[
                { href: "/terms", label: t("terms") },
                { href: "/transparency", label: t("transparency") },
                { href: "/privacy", label: t("privacy") },
                { href: "/faq", label: t("help") },
              ]}
            />
          </nav>
        </div>
      </div>
    </footer>
  );
}
