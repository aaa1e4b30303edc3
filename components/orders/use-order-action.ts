"use client";

/**
 * Running the actions the server offers on an order (`order.actions`) from its card:
 * one at a time, with a toast for the outcome; the updated order replaces the card.
 */
import * as React from "react";
import { toast } from "@/components/ui/toast";
import { postOrderAction, type OrderActionPath, type OrderFailure, type OrderJson } from "./order-api";
import { isStale, useOrderErrorText } from "./use-order-error-text";

type RunOptions = {
  /** Toasted when the action succeeded. */
  success: string;
  /** Toasted when it failed and the API's answer has nothing better (useOrderErrorText). */
  failed: string;
  /** After a success, before the updated order replaces the card. */
  onSuccess?: () => void;
  /** After the error toast. */
  onFailure?: (failure: OrderFailure) => void;
  /** The order moved on elsewhere (a 409): before the list is reloaded. */
  onStale?: () => void;
};

/**
 * One action at a time on `order`: `can` says whether the server offers it, `busy` which
 * one runs, and `run` posts it, toasts the outcome and hands the updated order to
 * `onChange` (or, when the order moved on elsewhere, calls `onStale`).
 */
export function useOrderAction<Action extends string>(
  order: OrderJson,
  { onChange, onStale }: { onChange: (order: OrderJson) => void; onStale: () => void },
) {
  const errorText = useOrderErrorText();
  const [busy, setBusy] = React.useState<Action | null>(null);

  const can = (action: Action) => (order.actions as readonly string[]).includes(action);

  async function run(action: Action, path: OrderActionPath, body: unknown, options: RunOptions) {
    if (busy) return;
    setBusy(action);
    const result = await postOrderAction(order.id, path, body);
    setBusy(null);
    if (result.ok) {
      options.onSuccess?.();
      onChange(result.order);
      toast.success(options.success);
      return;
    }
    toast.error(errorText(result.failure, options.failed));
    options.onFailure?.(result.failure);
    if (isStale(result.failure)) {
      options.onStale?.();
      onStale();
    }
  }

  return { busy, can, run };
}
