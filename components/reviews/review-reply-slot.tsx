"use client";

/**
 * Below a review without a reply: the reply form for the reviewed seller (one reply per
 * review), then their reply. Pages with reviews are cached for everyone, so whether the
 * viewer is that seller is known here, from the session; the form's code loads only then.
 */
import * as React from "react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { SellerReply } from "./seller-reply";

const ReplyForm = React.lazy(() => import("./review-reply-form"));

export function ReviewReplySlot({ reviewId, sellerId }: { reviewId: string; sellerId: string }) {
  const session = useSessionUser();
  const id = React.useId();
  const [reply, setReply] = React.useState<string | null>(null);
  if (reply !== null) return <SellerReply message={reply} />;
  if (session.user?.id !== sellerId) return null;
  return (
    <React.Suspense fallback={null}>
      <ReplyForm id={id} reviewId={reviewId} onReplied={(review) => setReply(review.seller_reply?.message ?? null)} />
    </React.Suspense>
  );
}
