"use client";

/**
 * Which products the signed-in user saved, loaded once per page from GET /api/wishlist
 * and shared by every heart on it (a grid of cards asks once, not once per card), and the
 * heart's toggle (a product is in the wishlist or not; a visitor is asked to log in). The card's heart (components/catalog/card-actions.tsx) and the
 * product page's full button (components/catalog/product-actions.tsx) draw it.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { promptLogin } from "@/components/auth/after-login";
import { useAuthDialog } from "@/components/auth/auth-dialog-provider";
import { useSessionUser } from "@/components/auth/use-session-user";
import { toast } from "@/components/ui/toast";
import { api } from "@/components/lib/api-client";

type Store = { ids: Set<string>; loaded: boolean; listeners: Set<() => void>; loading: Promise<void> | null; userId: string | null; justSaved: Set<string> };

/** `justSaved`: saved on this page after a login prompt, kept if the list loaded meanwhile was read before. */
const store: Store = { ids: new Set(), loaded: false, listeners: new Set(), loading: null, userId: null, justSaved: new Set() };

function emit() {
  for (const listener of store.listeners) listener();
}

async function load(userId: string): Promise<void> {
  if (store.userId === userId && (store.loaded || store.loading)) return store.loading ?? undefined;
  store.userId = userId;
  store.loaded = false;
  store.loading = (async () => {
    try {
      const data = await api<{ products: { id: string }[] }>("/api/wishlist");
      store.ids = new Set([...data.products.map((product) => product.id), ...store.justSaved]);
    } catch {
      // Hearts stay empty; toggling still works.
    } finally {
      store.loaded = true;
      store.loading = null;
      emit();
    }
  })();
  return store.loading;
}

export function setSaved(productId: string, saved: boolean) {
  const next = new Set(store.ids);
  if (saved) next.add(productId);
  else {
    next.delete(productId);
    store.justSaved.delete(productId);
  }
  store.ids = next;
  emit();
}

/** Whether `productId` is saved (null while unknown or for visitors). */
export function useIsSaved(productId: string): boolean | null {
  const session = useSessionUser();
  const [, force] = React.useReducer((n: number) => n + 1, 0);
  const userId = session.status === "authenticated" ? session.user.id : null;
  React.useEffect(() => {
    store.listeners.add(force);
    if (userId) void load(userId);
    return () => {
      store.listeners.delete(force);
    };
  }, [userId]);
  if (!userId || !store.loaded || store.userId !== userId) return null;
  return store.ids.has(productId);
}

/** A heart for `productId`: hidden on your own listing, disabled while the session loads or a change is saved. */
export function useWishlistToggle(productId: string, title: string, sellerId: string) {
  const t = useTranslations("wishlist");
  const session = useSessionUser();
  const authDialog = useAuthDialog();
  const saved = useIsSaved(productId);
  const [pending, setPending] = React.useState(false);
  const on = saved === true;

  /** After logging in from the prompt: the item is saved, whatever the session's render. */
  async function saveAfterLogin() {
    try {
      await api(`/api/wishlist/${productId}`, { method: "POST" });
      store.justSaved.add(productId);
      setSaved(productId, true);
      toast.success(t("added"));
    } catch {
      toast.error(t("failed"));
    }
  }

  async function toggle() {
    if (session.status === "loading") return;
    if (session.status !== "authenticated") {
      promptLogin("info", t("loginRequired"), () => void saveAfterLogin(), () => authDialog.open("login"));
      return;
    }
    setPending(true);
    try {
      // The list may still be on its way: wait for it, so that the click turns over what
      // is really saved and the list, when it arrives, cannot undo the change (a list read
      // before the change would say "not saved" after it).
      await load(session.user.id);
      const next = !store.ids.has(productId);
      await api(`/api/wishlist/${productId}`, { method: next ? "POST" : "DELETE" });
      setSaved(productId, next);
      toast.success(next ? t("added") : t("removed"));
    } catch {
      toast.error(t("failed"));
    } finally {
      setPending(false);
    }
  }

  return {
    /** Your own listing: nothing to save. */
    hidden: session.status === "authenticated" && session.user.id === sellerId,
    on,
    disabled: pending || session.status === "loading",
    label: on ? t("removeLabel", { title }) : t("addLabel", { title }),
    text: on ? t("remove") : t("add"),
    toggle: () => void toggle(),
  };
}
