"use client";

/**
 * The login/register dialog (opened by ./auth-dialog-provider.tsx, loaded on first open):
 * the two tabs and the one form-level error they share.
 */
import * as React from "react";
import type { LoginReason } from "@/lib/domains/accounts/client";
import { useTranslations } from "next-intl";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";

export type AuthTab = "login" | "register";

export function AuthDialog({
  open,
  onOpenChange,
  tab,
  onTabChange,
  reason,
  next,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  /** Why a login is needed (a visitor opened a login-only page). */
  reason?: LoginReason;
  /** A same-site path to continue to after logging in. */
  next?: string;
}) {
  const t = useTranslations("auth");
  const tCommon = useTranslations("common");
  // One form-level error for the whole dialog, so at most one `auth-error` exists.
  const [formError, setFormError] = React.useState<string | null>(null);

  function changeOpen(next: boolean) {
    if (!next) setFormError(null);
    onOpenChange(next);
  }

  function changeTab(next: string) {
    setFormError(null);
    onTabChange(next === "register" ? "register" : "login");
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        data-testid="auth-dialog"
        closeLabel={tCommon("close")}
        className="max-w-md gap-5"
        // The first field, not the tabs, takes the focus: the e-mail
        // field to log in, the name to register. On a phone that opens the keyboard there.
        onOpenAutoFocus={(event) => {
          const first = document.getElementById(tab === "login" ? "login-email" : "register-name");
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{tab === "login" ? t("login.title") : t("register.title")}</DialogTitle>
          <DialogDescription>{tab === "login" ? t("login.description") : t("register.description")}</DialogDescription>
        </DialogHeader>
        {reason && (
          <p role="status" data-testid="auth-reason" className="rounded-md bg-primary/10 px-3 py-2 text-sm font-medium text-foreground">
            {t(`reasons.${reason}`)}
          </p>
        )}
        <Tabs value={tab} onValueChange={changeTab}>
          <TabsList className="w-full">
            <TabsTrigger value="login" data-testid="tab-login">
              {t("tabs.login")}
            </TabsTrigger>
            <TabsTrigger value="register" data-testid="tab-register">
              {t("tabs.register")}
            </TabsTrigger>
          </TabsList>
          {/* Both forms stay mounted so switching tabs keeps what was typed. */}
          <TabsContent value="login" forceMount className="data-[state=inactive]:hidden">
            <LoginForm
              error={tab === "login" ? formError : null}
              setError={setFormError}
              onDone={() => changeOpen(false)}
              next={next}
              onSwitch={() => changeTab("register")}
            />
          </TabsContent>
          <TabsContent value="register" forceMount className="data-[state=inactive]:hidden">
            <RegisterForm
              error={tab === "register" ? formError : null}
              setError={setFormError}
              onDone={() => changeOpen(false)}
              next={next}
              onSwitch={() => changeTab("login")}
              onNeedsLogin={(message) => {
                onTabChange("login");
                setFormError(message);
              }}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
