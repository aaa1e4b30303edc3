"use client";

import * as React from "react";
import { AuthDialog, type AuthTab } from "./auth-dialog";

type AuthDialogApi = {
  /** Opens the login/register dialog, on the login tab unless told otherwise. */
  open: (tab?: AuthTab) => void;
  close: () => void;
};

const AuthDialogContext = React.createContext<AuthDialogApi | null>(null);

/** Holds the one login/register dialog of the app; pages open it with `useAuthDialog()`. */
export function AuthDialogProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const [tab, setTab] = React.useState<AuthTab>("login");

  const api = React.useMemo<AuthDialogApi>(
    () => ({
      open: (next = "login") => {
        setTab(next);
        setOpen(true);
      },
      close: () => setOpen(false),
    }),
    [],
  );

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      <AuthDialog open={open} onOpenChange={setOpen} tab={tab} onTabChange={setTab} />
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogApi {
  const api = React.useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog() must be used inside <AuthDialogProvider> (components/providers.tsx)");
  return api;
}
