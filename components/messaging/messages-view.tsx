"use client";

/**
 * /messages: the conversation list on the left, the open thread on
 * the right; below `lg` the list, then the thread full screen (over the header and the
 * tab bar, its composer above the on-screen keyboard) with a back button (docs/phone.md).
 * `?c=<id>` opens one, so the browser's Back returns to the list. Live events (useLiveEvents) refresh at once; while the stream is down both poll
 * every 5 seconds. Polling failures are silent.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { useLiveEvents } from "@/components/live/use-live-events";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { LiveEvent } from "@/lib/platform/events/publish";
import { cn } from "@/lib/platform/utils";
import { ConversationList } from "./conversation-list";
import { fetchConversations, POLL_MS, type ConversationJson } from "./messages-api";
import { Thread } from "./thread";

/** The conversations, refreshed on live events and polled while the stream is down. */
export function useConversations(onEvent?: (event: LiveEvent) => void) {
  const t = useTranslations("messaging");
  const [conversations, setConversations] = React.useState<ConversationJson[] | null>(null);
  const first = React.useRef(true);
  const load = React.useCallback(
    () =>
      fetchConversations().then((result) => {
        if (result.ok) setConversations(result.data);
        else if (first.current) {
          toast.error(t("loadConversationsFailed"));
          setConversations((current) => current ?? []);
        }
        first.current = false;
      }),
    [t],
  );
  const handler = React.useRef(onEvent);
  React.useEffect(() => {
    handler.current = onEvent;
  });
  const { live } = useLiveEvents((event) => {
    if (event.type === "message") void load();
    handler.current?.(event);
  });
  React.useEffect(() => {
    void load();
    if (live) return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load, live]);
  return { conversations, reload: load, live };
}

/**
 * The visual viewport's height and top while a conversation is open full screen: the
 * on-screen keyboard shrinks it, so the composer stays right above the keyboard.
 */
function useVisualViewport(active: boolean) {
  const [box, setBox] = React.useState<{ height: number; top: number } | null>(null);
  React.useEffect(() => {
    const viewport = window.visualViewport;
    if (!active || !viewport) return;
    const update = () => setBox({ height: viewport.height, top: viewport.offsetTop });
    update();
    viewport.addEventListener("resize", update);
    viewport.addEventListener("scroll", update);
    return () => {
      viewport.removeEventListener("resize", update);
      viewport.removeEventListener("scroll", update);
    };
  }, [active]);
  return active ? box : null;
}

export function MessagesView() {
  const t = useTranslations("messaging");
  const router = useRouter();
  const params = useSearchParams();
  const selectedId = params.get("c");
  const threadReload = React.useRef<(() => void) | null>(null);
  const { conversations, reload } = useConversations((event) => {
    if (event.type === "message" && event.conversationId === selectedId) threadReload.current?.();
  });
  const selected = conversations?.find((c) => c.id === selectedId) ?? null;
  // Whether the list was shown before the thread: then Back is the history's own step.
  const sawList = React.useRef(false);
  React.useEffect(() => {
    if (!selectedId) sawList.current = true;
  }, [selectedId]);
  const back = React.useCallback(() => (sawList.current ? router.back() : router.replace("/messages", { scroll: false })), [router]);

  // Full screen below lg: the page behind stays still and the tab bar goes (globals.css).
  React.useEffect(() => {
    if (!selectedId) return;
    const root = document.documentElement;
    root.dataset.chatOpen = "";
    return () => {
      delete root.dataset.chatOpen;
    };
  }, [selectedId]);
  const viewport = useVisualViewport(selectedId !== null);

  return (
    <div className="grid min-h-[60vh] overflow-hidden rounded-2xl border bg-card shadow-sm lg:grid-cols-[320px_minmax(0,1fr)]" data-testid="messages-view">
      <aside className={cn("border-r lg:block", selectedId ? "hidden" : "block")} aria-label={t("conversations")}>
        <h2 className="border-b px-4 py-3 text-sm font-semibold">{t("conversations")}</h2>
        {conversations === null ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : (
          <ConversationList conversations={conversations} selectedId={selectedId} />
        )}
      </aside>
      <section
        className={cn(
          "min-w-0 flex-col lg:flex",
          selectedId ? "fixed inset-x-0 top-0 z-40 flex h-dvh bg-card lg:static lg:z-auto lg:h-auto" : "hidden",
        )}
        style={viewport ? ({ "--chat-height": `${viewport.height}px`, "--chat-top": `${viewport.top}px` } as React.CSSProperties) : undefined}
        data-testid="thread-pane"
        data-fullscreen={selectedId ? "" : undefined}
      >
        {selectedId && selected ? (
          <Thread key={selected.id} conversation={selected} back={back} registerReload={(fn) => (threadReload.current = fn)} onSent={() => void reload()} />
        ) : selectedId && conversations !== null ? (
          <p className="m-auto p-6 text-sm text-muted-foreground">{t("loadMessagesFailed")}</p>
        ) : selectedId ? (
          <div className="m-auto">
            <Spinner />
          </div>
        ) : (
          <p className="m-auto p-6 text-sm text-muted-foreground" data-testid="messages-select">
            {t("selectConversation")}
          </p>
        )}
      </section>
    </div>
  );
}

/** The dashboard's Messages tab: the conversations, each opening /messages?c=<id>. */
export function DashboardMessages() {
  const t = useTranslations("messaging");
  const { conversations } = useConversations();
  return (
    <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6" data-testid="dashboard-messages">
      <header className="mb-4 flex items-center justify-between gap-2">
        <h2 className="text-xl font-semibold tracking-tight">{t("title")}</h2>
        <Button asChild variant="outline" size="sm">
          <Link href="/messages">{t("dashboardLink")}</Link>
        </Button>
      </header>
      {conversations === null ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : (
        <ConversationList conversations={conversations} />
      )}
    </section>
  );
}
