import { PageMessages } from "@/components/i18n/page-messages";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

/** A seller's pages: the seller answers a review there (the reply form, on the client). */
export default async function SellerLayout({ children, params }: { children: React.ReactNode; params: LocaleParams }) {
  const locale = await pageLocale(params);
  return (
    <PageMessages locale={locale} namespaces={["reviews"]}>
      {children}
    </PageMessages>
  );
}
