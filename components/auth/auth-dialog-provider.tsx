"use client";

import * as React from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { LOGIN_PARAM, loginReasonOf, NEXT_PARAM, safeReturnPath, type LoginReason } from "@/lib/domains/accounts/client";
import { dropAfterLogin } from "./after-login";
import type { AuthTab } from "./auth-dialog";
import { LOGIN_NEEDED_EVENT } from "./login-event";

// The dialog (its forms, the country picker, the account schemas) is a third of a page's
// JavaScript, for a button most visitors never press: it loads on the first open.
// React.lazy rather than next/dynamic, whose loader code would ship with every page.
const AuthDialog = React.lazy(() => import("./auth-dialog").then((m) => ({ default: m.AuthDialog })));

type OpenOptions = {
  /** A line above the form saying why a login is needed. */
  reason?: LoginReason;
  /** Where to go after logging in (a same-site path); otherwise the page refreshes. */
  next?: string;
};

type AuthDialogApi = {
  /** Opens the login/register dialog, on the login tab unless told otherwise. */
  open: (tab?: AuthTab, options?: OpenOptions) => void;
  close: () => void;
};

const AuthDialogContext = React.createContext<AuthDialogApi | null>(null);

/** Holds the one login/register dialog of the app; pages open it with `useAuthDialog()`. */
export function AuthDialogProvider({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  const [tab, setTab] = React.useState<AuthTab>("login");
  const [options, setOptions] = React.useState<OpenOptions>({});
  // Mounted from the first open on (closing keeps it, so it animates out and reopens at once).
  const [wanted, setWanted] = React.useState(false);

  const api = React.useMemo<AuthDialogApi>(
    () => ({
      open: (next = "login", opts = {}) => {
        // A prompt's pending action is set again right after (./after-login.ts).
        dropAfterLogin();
        setTab(next);
        setOptions({ reason: opts.reason, next: safeReturnPath(opts.next) ?? undefined });
        setWanted(true);
        setOpen(true);
      },
      close: () => setOpen(false),
    }),
    [],
  );

  // A write that answered 401 (components/lib/api-client.ts): the session ended.
  React.useEffect(() => {
    const onLoginNeeded = () => api.open("login");
    window.addEventListener(LOGIN_NEEDED_EVENT, onLoginNeeded);
    return () => window.removeEventListener(LOGIN_NEEDED_EVENT, onLoginNeeded);
  }, [api]);

  return (
    <AuthDialogContext.Provider value={api}>
      {children}
      <React.Suspense fallback={null}>
        <LoginFromUrl open={api.open} />
      </React.Suspense>
      {wanted ? (
        <React.Suspense fallback={null}>
          <AuthDialog
            open={open}
            onOpenChange={(next) => {
              setOpen(next);
              if (!next) {
                setOptions({});
                dropAfterLogin();
              }
            }}
            tab={tab}
            onTabChange={setTab}
            reason={options.reason}
            next={options.next}
          />
        </React.Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

/**
 * `?login=required&next=/sell` (where a login-only page sends a visitor): opens the
 * dialog with the reason, and takes the parameters out of the address bar.
 */
function LoginFromUrl({ open }: { open: AuthDialogApi["open"] }) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const login = params.get(LOGIN_PARAM);
  const next = params.get(NEXT_PARAM);
  React.useEffect(() => {
    if (!login) return;
    const target = safeReturnPath(next);
    open("login", { reason: loginReasonOf(target), next: target ?? undefined });
    const rest = new URLSearchParams(params);
    rest.delete(LOGIN_PARAM);
    rest.delete(NEXT_PARAM);
    router.replace(rest.size ? `${pathname}?${rest}` : pathname, { scroll: false });
  }, [login, next, open, params, pathname, router]);
  return null;
}

export function useAuthDialog(): AuthDialogApi {
  const api = React.useContext(AuthDialogContext);
  if (!api) throw new Error("useAuthDialog() must be used inside <AuthDialogProvider> (components/providers.tsx)");
  return api;
}
