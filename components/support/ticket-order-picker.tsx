"use client";

/**
 * The order a ticket is about: the caller's latest purchases and sales, loaded when the
 * category "order" is chosen. The server checks the choice again (only the caller's own
 * orders, as buyer or seller).
 */
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { api } from "@/components/lib/api-client";
import type { OrderJson } from "@/lib/domains/orders/client";

type Choice = { id: string; title: string; role: "buyer" | "seller"; created_at: string };

const LATEST = "status=all&limit=20";

export function TicketOrderPicker({ value, onChange }: { value: string; onChange: (orderId: string) => void }) {
  const t = useTranslations("support");
  const [choices, setChoices] = useState<Choice[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const as = (role: Choice["role"]) => (orders: OrderJson[]) =>
      orders.map((o) => ({ id: o.id, title: o.product.title, role, created_at: o.created_at }));
    Promise.all([
      api<OrderJson[]>(`/api/transactions?role=buyer&${LATEST}`).then(as("buyer")),
      api<OrderJson[]>(`/api/transactions?role=seller&${LATEST}`).then(as("seller")),
    ]).then(
      ([bought, sold]) => {
        if (live) setChoices([...bought, ...sold].sort((a, b) => b.created_at.localeCompare(a.created_at)));
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <div className="space-y-1.5">
      <Label htmlFor="ticket-order">{t("orderLabel")}</Label>
      <NativeSelect
        id="ticket-order"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={!choices}
        aria-describedby="ticket-order-hint"
        data-testid="ticket-order"
      >
        <option value="">{t("orderNone")}</option>
        {(choices ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {t(c.role === "buyer" ? "orderBought" : "orderSold", { title: c.title })} · {c.id.slice(0, 8)}
          </option>
        ))}
      </NativeSelect>
      <p id="ticket-order-hint" className="text-xs text-muted-foreground">{failed ? t("orderLoadFailed") : t("orderHint")}</p>
    </div>
  );
}
