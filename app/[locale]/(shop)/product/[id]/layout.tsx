import { PageMessages } from "@/components/i18n/page-messages";
import { pageLocale, type LocaleParams } from "@/lib/platform/i18n/page-locale";

/**
 * The product page's client parts: Buy (checkout, the viewer's deal, the delivery
 * dialog's map), an offer, a message to the seller, the reviews and the item's map.
 */
export default async function ProductLayout({ children, params }: { children: React.ReactNode; params: LocaleParams }) {
  const locale = await pageLocale(params);
  return (
    <PageMessages locale={locale} namespaces={["checkout", "viewerDeal", "productOffer", "messaging", "reviews", "maps"]}>
      {children}
    </PageMessages>
  );
}
