"use client";

/**
 * What to toast when an order request fails: the order pages' own text for a few codes,
 * else the code's `apiErrors` text, else the page's fallback for the action.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { useErrorText } from "@/components/lib/use-error-text";
import type { ErrorCode } from "@/components/lib/api-client";
import type { OrderFailure } from "./order-api";

const ORDER_TEXTS: Partial<Record<ErrorCode, "wrongCode" | "rateLimited" | "invalidState">> = {
  wrong_code: "wrongCode",
  rate_limited: "rateLimited",
  invalid_state: "invalidState",
};

export function useOrderErrorText() {
  const t = useTranslations("orders.errors");
  const errorText = useErrorText();
  return React.useCallback(
    (failure: OrderFailure, fallback: string): string => {
      if (failure.status === 429) return t("rateLimited");
      if (failure.status >= 500) return fallback;
      return errorText(failure, fallback, (code) => ORDER_TEXTS[code] && t(ORDER_TEXTS[code]));
    },
    [t, errorText],
  );
}

/** A 409 means the order moved on elsewhere: the list should be reloaded. */
export function isStale(failure: OrderFailure): boolean {
  return failure.status === 409 || failure.code === "invalid_state";
}
