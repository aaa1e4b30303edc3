"use client";

/**
 * The reviewed seller's reply form under a review (one reply per review). Its own module:
 * review-item.tsx loads it only when the viewer may reply, so visitors do not download
 * the textarea, label and submit code (the JavaScript budget, docs/performance.md).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { MessageSquareReplyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { ReviewJson } from "@/lib/domains/reviews/client";
import { REVIEW_REPLY_MAX } from "@/lib/domains/reviews/client";
import { api } from "@/components/lib/api-client";
import { useErrorText } from "@/components/lib/use-error-text";

export default function ReplyForm({ id, reviewId, onReplied }: { id: string; reviewId: string; onReplied: (review: ReviewJson) => void }) {
  const t = useTranslations("reviews.reply");
  const errorText = useErrorText();
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
      const data = await api<ReviewJson>(`/api/reviews/${reviewId}/reply`, { json: { message: text } });
      toast.success(t("success"));
      onReplied(data);
    } catch (err) {
      // The server's detail (e.g. already replied), else the form's own text.
      toast.error(errorText(err, t("failed")));
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
