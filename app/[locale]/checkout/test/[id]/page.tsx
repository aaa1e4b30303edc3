import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { FlaskConicalIcon } from "lucide-react";
import { TestCheckout, TestCheckoutLogin } from "@/components/payments/test-checkout";
import { PageMessages } from "@/components/i18n/page-messages";
import { currentUser } from "@/lib/domains/accounts";
import { providerName } from "@/lib/domains/payments";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("testCheckout");
  return { title: t("title"), robots: { index: false, follow: false } };
}

type Params = Promise<{ id: string }>;

/**
 * /checkout/test/{session_id}: the test payment provider's hosted checkout
 * (docs/payments.md), used while Stripe is not configured. It
 * belongs to the buyer who started the checkout, so it needs a login; it lives outside
 * the (account) group because the provider's page must not send a logged-out visitor
 * away to / but ask them to log in and come back here.
 */
export default async function TestCheckoutPage({ params }: { params: Params }) {
  // Only while the test provider is the one in use (never next to real Stripe payments).
  if (providerName() !== "test") notFound();
  const [{ id }, user, t] = await Promise.all([params, currentUser(), getTranslations("testCheckout")]);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10 sm:px-6">
      <div
        role="note"
        data-testid="test-mode-banner"
        className="flex items-start gap-3 rounded-2xl border-2 border-dashed border-warm bg-warm/10 p-4 sm:p-5"
      >
        <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-[oklch(0.45_0.12_45)]" />
        <div>
          <p className="text-lg font-bold tracking-tight text-[oklch(0.45_0.12_45)]">{t("banner")}</p>
          <p className="mt-1 text-sm text-foreground/80">{t("bannerText")}</p>
        </div>
      </div>
      <PageMessages namespaces={["testCheckout", "checkout"]}>
        {user ? <TestCheckout sessionId={id} /> : <TestCheckoutLogin />}
      </PageMessages>
    </div>
  );
}
