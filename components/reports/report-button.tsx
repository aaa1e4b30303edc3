"use client";

/**
 * "Report" (DSA art. 16): a small link-style button that opens the report dialog. The
 * dialog's code loads only on the first click. Anyone may report (docs/trust-and-law.md
 * 7): visitors get the same form with their e-mail address, not the login dialog.
 * Usable on listings, user profiles and received messages (targetType "message").
 */
import { lazy, Suspense, useState } from "react";
import { useTranslations } from "next-intl";
import { FlagIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";

// React.lazy rather than next/dynamic, whose loader code would ship with the page.
const ReportDialog = lazy(() => import("./report-dialog").then((m) => ({ default: m.ReportDialog })));

type Props = { targetType: "listing" | "user" | "message"; targetId: string; className?: string };

export function ReportButton({ targetType, targetId, className }: Props) {
  const t = useTranslations("reports");
  const session = useSessionUser();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className={className ?? "h-auto px-0 text-muted-foreground"}
        onClick={() => setOpen(true)}
        data-testid={`report-${targetType}`}
      >
        <FlagIcon aria-hidden="true" />
        {t(`button.${targetType}`)}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} visitor={session.status !== "authenticated"} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
