import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { categoryOptions } from "../category-options";
import { ListingForm } from "@/components/listing/listing-form";
import { TraderDetailsGate } from "@/components/listing/trader-details-gate";
import { currentUser, missingTraderDetails } from "@/lib/domains/accounts";
import { env } from "@/lib/platform/env";
import { resolveLocale } from "@/lib/platform/i18n/config";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("listing");
  return { title: t("sellTitle"), description: t("sellDescription"), robots: { index: false } };
}

/**
 * /sell: the listing form. The (account) layout sends visitors to /. A business seller
 * whose trader details are incomplete first gives them here (docs/help-and-trader.md).
 */
export default async function SellPage() {
  const [t, locale, user] = await Promise.all([getTranslations("listing"), getLocale(), currentUser()]);
  const missing = user ? missingTraderDetails(user) : [];
  const categories = missing.length > 0 ? [] : await categoryOptions(resolveLocale(locale));
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">{t("sellHeading")}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t("sellIntro")}</p>
      </header>
      {user && missing.length > 0 ? (
        <TraderDetailsGate
          name={user.name}
          missing={missing}
          values={{ kvk_number: user.kvkNumber, business_address: user.businessAddress, phone: user.phone }}
        />
      ) : (
        <ListingForm
          categories={categories}
          draftKey={`${user?.id ?? "anonymous"}:sell`}
          googleMapsKey={env().GOOGLE_MAPS_BROWSER_KEY}
          googleMapId={env().GOOGLE_MAPS_MAP_ID}
        />
      )}
    </div>
  );
}
