"use client";

/**
 * One review: stars, author, date, the verified-purchase label (EU rules on consumer
 * reviews), the comment and the seller's reply. The reviewed seller sees a reply form
 * while there is no reply yet (one reply per review).
 */
import * as React from "react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { BadgeCheckIcon, MessageSquareReplyIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { StarRating } from "@/components/catalog/star-rating";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { formatDate } from "@/lib/format";
import { resolveLocale } from "@/lib/i18n/config";
import type { ReviewJson } from "@/lib/reviews/service";
import { REVIEW_REPLY_MAX } from "@/lib/reviews/limits";

export function ReviewItem({
  review: initial,
  canReply: allowed,
  sellerId,
  showProduct = false,
}: {
  review: ReviewJson;
  /** Whether the viewer may reply; or, on a page cached for everyone, `sellerId`: the signed-in seller may. */
  canReply?: boolean;
  sellerId?: string;
  showProduct?: boolean;
}) {
  const session = useSessionUser();
  const canReply = allowed ?? (sellerId !== undefined && session.user?.id === sellerId);
  const t = useTranslations("reviews");
  const locale = resolveLocale(useLocale());
  const [review, setReview] = React.useState(initial);
  const id = React.useId();

  return (
    <li className="space-y-2 rounded-xl border bg-card p-4" data-testid="review" data-review-id={review.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <StarRating rating={review.rating} showValue={false} />
          <span className="font-medium" data-testid="review-author">
            {review.user_name}
          </span>
          <span
            className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-400"
            title={t("verifiedHint")}
            data-testid="review-verified"
          >
            <BadgeCheckIcon aria-hidden="true" className="size-3.5" />
            {t("verified")}
          </span>
        </div>
        <time dateTime={review.created_at} className="text-xs text-muted-foreground">
          {formatDate(review.created_at, locale)}
        </time>
      </div>
      {showProduct ? (
        <p className="text-xs text-muted-foreground">
          {/* No prefetch: product pages are cached whole (see product-card.tsx). */}
          <Link href={`/product/${review.product_id}`} prefetch={false} className="hover:underline">
            {t("about", { title: review.product_title })}
          </Link>
        </p>
      ) : null}
      {review.comment ? (
        <p className="text-sm leading-relaxed whitespace-pre-line" data-testid="review-comment">
          {review.comment}
        </p>
      ) : null}
      {review.seller_reply ? (
        <div className="ml-4 rounded-lg border-l-4 border-primary/40 bg-muted/50 p-3 text-sm" data-testid="review-reply">
          <p className="mb-1 text-xs font-semibold text-muted-foreground">{t("sellerReply")}</p>
          <p className="whitespace-pre-line">{review.seller_reply.message}</p>
        </div>
      ) : canReply ? (
        <ReplyForm id={id} reviewId={review.id} onReplied={setReview} />
      ) : null}
    </li>
  );
}

function ReplyForm({ id, reviewId, onReplied }: { id: string; reviewId: string; onReplied: (review: ReviewJson) => void }) {
  const t = useTranslations("reviews.reply");
  const [open, setOpen] = React.useState(false);
  const [message, setMessage] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);

  if (!open) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} data-testid="review-reply-open">
        <MessageSquareReplyIcon aria-hidden="true" />
        {t("open")}
      </Button>
    );
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text) return setError(t("required"));
    if (text.length > REVIEW_REPLY_MAX) return setError(t("tooLong", { max: REVIEW_REPLY_MAX }));
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/reviews/${reviewId}/reply`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json" },
        body: JSON.stringify({ message: text }),
      });
      const data = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(typeof data.detail === "string" ? data.detail : "");
      toast.success(t("success"));
      onReplied(data as ReviewJson);
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : t("failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-2" data-testid="review-reply-form">
      <Label htmlFor={`${id}-reply`}>{t("label")}</Label>
      <Textarea
        id={`${id}-reply`}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={REVIEW_REPLY_MAX}
        className="min-h-20"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reply-error` : undefined}
        data-testid="review-reply-input"
      />
      {error ? (
        <p id={`${id}-reply-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={pending} data-testid="review-reply-submit">
          {pending ? t("submitting") : t("submit")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
