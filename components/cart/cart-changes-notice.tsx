"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { InfoIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { CartChange } from "./cart-changes";

/** What left the cart while it was out of view, and why (./cart-changes.ts). */
export function CartChangesNotice({ changes, onDismiss }: { changes: CartChange[]; onDismiss: () => void }) {
  const t = useTranslations("cart.changes");
  return (
    <section
      role="status"
      aria-labelledby="cart-changes-title"
      className="mb-6 flex gap-3 rounded-2xl border border-primary/30 bg-primary/5 p-4 text-sm"
      data-testid="cart-changes"
    >
      <InfoIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <h2 id="cart-changes-title" className="font-semibold">
          {t("title")}
        </h2>
        <ul className="mt-1 space-y-1">
          {changes.map((change) => (
            <li key={change.productId} data-reason={change.reason}>
              {t(change.reason, { title: change.title })}
            </li>
          ))}
        </ul>
        {changes.some((change) => change.reason === "bought") ? (
          <Link href="/orders" className="mt-2 inline-block font-medium text-primary underline-offset-4 hover:underline">
            {t("orders")}
          </Link>
        ) : null}
      </div>
      <Button type="button" variant="ghost" size="icon" className="-mt-1 -mr-1 size-11 shrink-0" onClick={onDismiss} aria-label={t("dismiss")}>
        <XIcon aria-hidden="true" />
      </Button>
    </section>
  );
}
