import { useTranslations } from "next-intl";

/** The seller's reply under a review (server-rendered, or in the browser right after replying). */
export function SellerReply({ message }: { message: string }) {
  const t = useTranslations("reviews");
  return (
    <div className="ml-4 rounded-lg border-l-4 border-primary/40 bg-muted/50 p-3 text-sm" data-testid="review-reply">
      <p className="mb-1 text-xs font-semibold text-muted-foreground">{t("sellerReply")}</p>
      <p className="whitespace-pre-line">{message}</p>
    </div>
  );
}
