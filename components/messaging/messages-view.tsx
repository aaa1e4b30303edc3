"use client";

/**
 * /messages (SPEC.md section 2): the conversation list on the left, the open thread on
 * the right; on a phone the list, then the thread with a back button. `?c=<id>` opens
 * one. Live events (useLiveEvents) refresh at once; while the stream is down both poll
 * every 5 seconds (SPEC.md section 9). Polling failures are silent.
 */
import * as React from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { AlertTriangleIcon, ArrowLeftIcon, CheckCheckIcon, HandCoinsIcon, PackageIcon, SendIcon } from "lucide-react";
import { useSessionUser } from "@/components/auth/use-session-user";
import { useLiveEvents } from "@/components/live/use-live-events";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { LiveEvent } from "@/lib/platform/events/publish";
import { formatRelative } from "@/lib/platform/i18n/format";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import { ConversationList } from "./conversation-list";
import { fetchConversations, fetchMessages, postMessage, postOffer, POLL_MS, type ConversationJson, type MessageJson } from "./messages-api";
import { OfferCard } from "./offer-card";
import { OfferDialog } from "./offer-dialog";
import { ReportButton } from "@/components/reports/report-button";

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

export function MessagesView() {
  const t = useTranslations("messaging");
  const params = useSearchParams();
  const selectedId = params.get("c");
  const threadReload = React.useRef<(() => void) | null>(null);
  const { conversations, reload } = useConversations((event) => {
    if (event.type === "message" && event.conversationId === selectedId) threadReload.current?.();
  });
  const selected = conversations?.find((c) => c.id === selectedId) ?? null;

  return (
    <div className="grid min-h-[60vh] overflow-hidden rounded-2xl border bg-card shadow-sm md:grid-cols-[320px_minmax(0,1fr)]" data-testid="messages-view">
      <aside className={cn("border-r md:block", selectedId ? "hidden" : "block")} aria-label={t("conversations")}>
        <h2 className="border-b px-4 py-3 text-sm font-semibold">{t("conversations")}</h2>
        {conversations === null ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : (
          <ConversationList conversations={conversations} selectedId={selectedId} />
        )}
      </aside>
      <section className={cn("min-w-0 flex-col md:flex", selectedId ? "flex" : "hidden")}>
        {selectedId && selected ? (
          <Thread key={selected.id} conversation={selected} registerReload={(fn) => (threadReload.current = fn)} onSent={() => void reload()} />
        ) : selectedId && conversations !== null ? (
          <p className="m-auto p-6 text-sm text-muted-foreground">{t("loadMessagesFailed")}</p>
        ) : (
          <p className="m-auto p-6 text-sm text-muted-foreground" data-testid="messages-select">
            {t("selectConversation")}
          </p>
        )}
      </section>
    </div>
  );
}

function Thread({
  conversation,
  registerReload,
  onSent,
}: {
  conversation: ConversationJson;
  registerReload: (fn: () => void) => void;
  onSent: () => void;
}) {
  const t = useTranslations("messaging");
  const tOffers = useTranslations("offers");
  const locale = resolveLocale(useLocale());
  const router = useRouter();
  const session = useSessionUser();
  const me = session.user?.id;
  const [messages, setMessages] = React.useState<MessageJson[] | null>(null);
  const [offering, setOffering] = React.useState(false);
  const bottom = React.useRef<HTMLLIElement>(null);
  const first = React.useRef(true);
  const id = conversation.id;

  const load = React.useCallback(
    () =>
      fetchMessages(id).then((result) => {
        if (result.ok) setMessages(result.data);
        else if (first.current) {
          toast.error(t("loadMessagesFailed"));
          setMessages([]);
        }
        first.current = false;
      }),
    [id, t, setMessages],
  );

  React.useEffect(() => {
    registerReload(() => void load());
    void load();
    // Polling while the stream is down; the live event reloads at once otherwise.
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [load, registerReload]);

  const count = messages?.length ?? 0;
  React.useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [count]);

  async function makeOffer(amount: string): Promise<string | null> {
    const result = await postOffer(id, amount);
    if (!result.ok) return result.error.code ?? "failed";
    toast.success(tOffers("made"));
    void load();
    onSent();
    return null;
  }

  return (
    <div className="flex h-full min-h-[60vh] flex-col" data-testid="thread" data-conversation-id={id}>
      <header className="flex items-center gap-3 border-b px-3 py-2">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={() => router.push("/messages")} aria-label={t("back")} data-testid="thread-back">
          <ArrowLeftIcon aria-hidden="true" />
        </Button>
        {conversation.product_id ? (
          <Link prefetch={false} href={`/product/${conversation.product_id}`} className="flex min-w-0 flex-1 items-center gap-3 hover:underline" data-testid="thread-product">
            {conversation.product_image ? (
              // eslint-disable-next-line @next/next/no-img-element
              <img src={conversation.product_image} alt="" className="size-10 rounded-lg object-cover" />
            ) : (
              <PackageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
            )}
            <span className="min-w-0">
              <span className="block truncate font-medium">{conversation.product_title}</span>
              <span className="block truncate text-xs text-muted-foreground">{conversation.other_user_name}</span>
            </span>
          </Link>
        ) : (
          <span className="flex-1 text-sm text-muted-foreground">{t("deletedProduct")}</span>
        )}
        {conversation.role === "buyer" && conversation.product_id ? (
          <Button size="sm" variant="outline" onClick={() => setOffering(true)} data-testid="make-offer">
            <HandCoinsIcon aria-hidden="true" />
            {tOffers("makeOffer")}
          </Button>
        ) : null}
      </header>

      <ol className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite" data-testid="thread-messages">
        {messages === null ? (
          <li className="flex justify-center">
            <Spinner />
          </li>
        ) : messages.length === 0 ? (
          <li className="text-center text-sm text-muted-foreground">{t("noMessages")}</li>
        ) : (
          messages.map((m) => {
            const own = m.sender_id === me;
            return (
              <li key={m.id} className={cn("flex flex-col", own ? "items-end" : "items-start")} data-testid="message" data-own={own}>
                <div className={cn("max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line break-words", own ? "bg-primary text-primary-foreground" : "bg-muted")}>
                  {m.offer ? null : <span data-testid="message-content">{m.content}</span>}
                  {m.offer ? (
                    <OfferCard offer={m.offer} role={conversation.role} productId={conversation.product_id} onChange={() => { void load(); onSent(); }} />
                  ) : null}
                </div>
                {m.warning && !own ? (
                  <div role="alert" className="mt-1 flex max-w-[85%] gap-2 rounded-xl border border-destructive/40 bg-destructive/10 p-2 text-xs" data-testid="message-warning" data-warning={m.warning}>
                    <AlertTriangleIcon aria-hidden="true" className="size-4 shrink-0 text-destructive" />
                    <span>
                      <strong className="block">{t("warnings.title")}</strong>
                      {t(`warnings.${m.warning}`)}
                    </span>
                  </div>
                ) : null}
                <span className="mt-0.5 flex items-center gap-1 text-xs text-muted-foreground">
                  <time dateTime={m.created_at}>{formatRelative(m.created_at, locale)}</time>
                  {own && m.read_at ? (
                    <>
                      <CheckCheckIcon aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">{t("read")}</span>
                    </>
                  ) : null}
                  {!own && !m.offer ? <ReportButton targetType="message" targetId={m.id} className="h-auto px-0 text-xs text-muted-foreground" /> : null}
                </span>
              </li>
            );
          })
        )}
        {/* The scroll anchor; an ol holds only li elements. */}
        <li ref={bottom} aria-hidden="true" />
      </ol>

      <Composer
        conversationId={id}
        onSent={(message) => {
          setMessages((current) => (current && !current.some((m) => m.id === message.id) ? [...current, message] : current));
          onSent();
        }}
      />
      <OfferDialog open={offering} onOpenChange={setOffering} productId={conversation.product_id} onSubmit={makeOffer} />
    </div>
  );
}

/** Enter sends, Shift+Enter is a new line; blank is not sent (SPEC.md section 5). */
function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: MessageJson) => void }) {
  const t = useTranslations("messaging");
  const [text, setText] = React.useState("");
  const [busy, setBusy] = React.useState(false);
  const hintId = React.useId();

  async function send() {
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    const result = await postMessage(conversationId, content);
    setBusy(false);
    if (!result.ok) {
      toast.error(result.error.code === "pickup_code" ? t("pickupCode") : t("sendFailed"));
      return;
    }
    setText("");
    onSent(result.data);
  }

  return (
    <form
      className="border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="flex items-end gap-2">
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
          rows={2}
          maxLength={2000}
          placeholder={t("placeholder")}
          aria-label={t("placeholder")}
          aria-describedby={hintId}
          className="min-h-11 flex-1 resize-none"
          data-testid="composer"
        />
        <Button type="submit" disabled={!text.trim() || busy} aria-busy={busy || undefined} aria-label={t("send")} data-testid="composer-send">
          {busy ? <Spinner className="text-current" /> : <SendIcon aria-hidden="true" />}
        </Button>
      </div>
      <p id={hintId} className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>{t("composerHint")}</span>
        <span>{t("counter", { count: text.length })}</span>
      </p>
    </form>
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
