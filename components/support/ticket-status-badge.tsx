"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

const VARIANT = { open: "default", in_progress: "warm", resolved: "secondary", closed: "outline" } as const;

/** A ticket's status as a coloured, translated badge. */
export function TicketStatusBadge({ status }: { status: keyof typeof VARIANT }) {
  const t = useTranslations("support.status");
  return (
    <Badge variant={VARIANT[status]} data-testid="ticket-status" data-status={status}>
      {t(status)}
    </Badge>
  );
}
