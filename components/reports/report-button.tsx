"use client";

/**
 * "Report" (DSA art. 16): a small link-style button that opens the report dialog. The
 * dialog's code loads only on the first click. Visitors are asked to log in first.
 * Usable on listings, user profiles and received messages (targetType "message").
 */
import { useState } from "react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { FlagIcon } from "lucide-react";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";

const ReportDialog = dynamic(() => import("./report-dialog").then((m) => m.ReportDialog), { ssr: false });

type Props = { targetType: "listing" | "user" | "message"; targetId: string; className?: string };

export function ReportButton({ targetType, targetId, className }: Props) {
  const t = useTranslations("reports");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        size="sm"
        className={className ?? "h-auto px-0 text-muted-foreground"}
        onClick={() => (session.status === "authenticated" ? setOpen(true) : authDialog.open("login"))}
        data-testid={`report-${targetType}`}
      >
        <FlagIcon aria-hidden="true" />
        {t(`button.${targetType}`)}
      </Button>
      {open ? <ReportDialog targetType={targetType} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
