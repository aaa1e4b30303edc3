import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PaymentResult } from "@/components/payments/payment-result";
import { ESCROW } from "@/lib/domains/orders";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("paymentResult");
  return { title: t("title"), robots: { index: false } };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : null;
}

/**
 * /payment-success: where the payment provider
 * sends the buyer back, `?session_id=...`, with `&cancelled=1` after Cancel.
 */
export default async function PaymentSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const sessionId = first(params.session_id);
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      {/* A new session id (another payment) starts over. */}
      <PaymentResult
        key={sessionId ?? ""}
        sessionId={sessionId}
        cancelled={first(params.cancelled) === "1"}
        payoutDays={ESCROW.releaseAfterDays}
      />
    </div>
  );
}
