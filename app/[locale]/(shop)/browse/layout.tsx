import { PageMessages } from "@/components/i18n/page-messages";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

/**
 * Both /browse routes: the filters, the cards' Buy (checkout, with the delivery dialog's
 * map) and the map view read these texts on the client.
 */
export default async function BrowseLayout({ children, params }: { children: React.ReactNode; params: LocaleParams }) {
  const locale = await pageLocale(params);
  return (
    <PageMessages locale={locale} namespaces={["browse", "savedSearches", "checkout", "maps"]}>
      {children}
    </PageMessages>
  );
}
