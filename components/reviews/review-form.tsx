"use client";

/** The review form: a rating must be chosen; the comment is optional, 500 characters at most, with a counter. */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { REVIEW_COMMENT_MAX } from "@/lib/domains/reviews/client";
import type { ReviewJson } from "@/lib/domains/reviews/client";
import { StarInput } from "./star-input";
import { apiResult } from "@/components/lib/api-client";

export function ReviewForm({ productId, onSubmitted }: { productId: string; onSubmitted: (review: ReviewJson) => void }) {
  const t = useTranslations("reviews");
  const id = React.useId();
  const [rating, setRating] = React.useState(0);
  const [comment, setComment] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [pending, setPending] = React.useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) return setError(t("errors.ratingRequired"));
    if (comment.trim().length > REVIEW_COMMENT_MAX) return setError(t("errors.commentTooLong", { max: REVIEW_COMMENT_MAX }));
    setError(null);
    setPending(true);
    try {
      const result = await apiResult<ReviewJson>(`/api/products/${productId}/reviews`, { json: { rating, comment: comment.trim() || null } });
      if (!result.ok) {
        // Not purchased, already reviewed, no login, otherwise the fallback.
        const code = result.error.code;
        const message =
          code === "unauthorized"
            ? t("errors.login")
            : code === "not_purchased"
              ? t("errors.notPurchased")
              : code === "already_reviewed"
                ? t("errors.alreadyReviewed")
                : t("errors.failed");
        toast.error(message);
        return;
      }
      toast.success(t("success"));
      onSubmitted(result.data);
    } catch {
      toast.error(t("errors.failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border bg-card p-5" data-testid="review-form">
      <h3 className="font-semibold">{t("formTitle")}</h3>
      <div className="space-y-2">
        <p id={`${id}-rating`} className="text-sm font-medium">
          {t("ratingLabel")}
        </p>
        <StarInput value={rating} onChange={(next) => { setRating(next); setError(null); }} labelledBy={`${id}-rating`} invalid={error !== null && rating < 1} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-comment`}>
          {t("commentLabel")} <span className="font-normal text-muted-foreground">({t("commentOptional")})</span>
        </Label>
        <Textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          placeholder={t("commentPlaceholder")}
          aria-describedby={`${id}-counter`}
          data-testid="review-comment-input"
        />
        <p id={`${id}-counter`} className="text-right text-xs text-muted-foreground" aria-live="polite">
          {t("counter", { count: comment.length, max: REVIEW_COMMENT_MAX })}
        </p>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive" data-testid="review-form-error">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} data-testid="review-submit">
        {pending ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}
