"use client";

/**
 * What to toast when an order request fails: a translation for the
 * API's stable codes, else the server's `detail` for a 4xx, else the action's fallback text.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import type { OrderFailure } from "./order-api";

export function useOrderErrorText() {
  const t = useTranslations("orders.errors");
  return React.useCallback(
    (failure: OrderFailure, fallback: string): string => {
      if (failure.code === "wrong_code") return t("wrongCode");
      if (failure.code === "rate_limited" || failure.status === 429) return t("rateLimited");
      if (failure.code === "invalid_state") return t("invalidState");
      if (failure.status >= 400 && failure.status < 500 && failure.detail) return failure.detail;
      return fallback;
    },
    [t],
  );
}

/** A 409 means the order moved on elsewhere: the list should be reloaded. */
export function isStale(failure: OrderFailure): boolean {
  return failure.status === 409 || failure.code === "invalid_state";
}
