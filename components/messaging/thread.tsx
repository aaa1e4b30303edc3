"use client";

/**
 * The open conversation: the item on top (photo, title, price and the agreed offer
 * price, linking to the product), the messages with their photos, and the composer.
 * On a phone /messages shows it full screen (./messages-view.tsx, docs/phone.md).
 */
import * as React from "react";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { AlertTriangleIcon, ArrowLeftIcon, CheckCheckIcon, HandCoinsIcon, PackageIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { useSessionUser } from "@/components/auth/use-session-user";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { appFormatter, relative } from "@/lib/platform/i18n/formats";
import { resolveLocale } from "@/lib/platform/i18n/config";
import { cn } from "@/lib/platform/utils";
import { ReportButton } from "@/components/reports/report-button";
import { Composer } from "./composer";
import { fetchMessages, postOffer, POLL_MS, type ConversationJson, type MessageImageJson, type MessageJson } from "./messages-api";
import { OfferCard } from "./offer-card";
import { OfferDialog } from "./offer-dialog";

/** A message's photos as thumbnails; each opens the full size. */
function MessagePhotos({ images, own }: { images: MessageImageJson[]; own: boolean }) {
  const t = useTranslations("messaging");
  return (
    <span className={cn("mb-1 grid gap-1", images.length > 1 ? "grid-cols-2" : "grid-cols-1")} data-testid="message-photos">
      {images.map((image, index) => (
        <a key={image.id} href={image.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-xl" data-testid="message-photo">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={image.thumbnail_url}
            width={image.width}
            height={image.height}
            alt={t(own ? "photos.sent" : "photos.received", { n: index + 1 })}
            loading="lazy"
            className="h-auto max-h-64 w-full max-w-60 object-cover"
          />
        </a>
      ))}
    </span>
  );
}

/**
 * "Doe een bod" in the header: for the buyer while the product is for sale and no
 * accepted offer holds (the agreed price is then theirs to pay).
 */
function canOffer(conversation: ConversationJson): boolean {
  return conversation.role === "buyer" && !!conversation.product_id && conversation.product_status === "available" && conversation.agreed_price === null;
}

export function Thread({
  conversation,
  registerReload,
  onSent,
  back,
}: {
  conversation: ConversationJson;
  /** Back to the conversation list (phones). */
  back: () => void;
  registerReload: (fn: () => void) => void;
  onSent: () => void;
}) {
  const t = useTranslations("messaging");
  const tOffers = useTranslations("offers");
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
    <div className="flex h-full min-h-0 flex-col lg:min-h-[60vh]" data-testid="thread" data-conversation-id={id}>
      <header className="flex items-center gap-3 border-b bg-card px-3 py-2">
        <Button variant="ghost" size="icon" className="size-11 shrink-0 lg:hidden" onClick={back} aria-label={t("back")} data-testid="thread-back">
          <ArrowLeftIcon aria-hidden="true" />
        </Button>
        <ThreadProduct conversation={conversation} />
        {canOffer(conversation) ? (
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
          messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.sender_id === me}
              conversation={conversation}
              onOfferChange={() => {
                void load();
                onSent();
              }}
            />
          ))
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

/** One message: its photos, text or offer, a warning about it, when it was sent, read and report. */
function MessageItem({
  message: m,
  own,
  conversation,
  onOfferChange,
}: {
  message: MessageJson;
  own: boolean;
  conversation: ConversationJson;
  onOfferChange: () => void;
}) {
  const t = useTranslations("messaging");
  const locale = resolveLocale(useLocale());
  return (
    <li className={cn("flex flex-col", own ? "items-end" : "items-start")} data-testid="message" data-own={own}>
      <div className={cn("max-w-[85%] rounded-2xl px-3 py-2 text-sm whitespace-pre-line break-words", own ? "bg-primary text-primary-foreground" : "bg-muted")}>
        {m.images.length > 0 ? <MessagePhotos images={m.images} own={own} /> : null}
        {m.offer || !m.content ? null : <span data-testid="message-content">{m.content}</span>}
        {m.offer ? (
          <OfferCard offer={m.offer} role={conversation.role} productId={conversation.product_id} onChange={onOfferChange} />
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
        <time dateTime={m.created_at}>{relative(appFormatter(locale), locale, m.created_at)}</time>
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
}

/** The product the conversation is about, with its (agreed) price and the other person; or that it was deleted. */
function ThreadProduct({ conversation }: { conversation: ConversationJson }) {
  const t = useTranslations("messaging");
  const formatter = useFormatter();
  return conversation.product_id ? (
    <Link prefetch={false} href={`/product/${conversation.product_id}`} className="flex min-w-0 flex-1 items-center gap-3 hover:underline" data-testid="thread-product">
      {conversation.product_image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={conversation.product_image} alt="" className="size-10 rounded-lg object-cover" />
      ) : (
        <PackageIcon aria-hidden="true" className="size-6 text-muted-foreground" />
      )}
      <span className="min-w-0">
        <span className="block truncate font-medium">{conversation.product_title}</span>
        <span className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="thread-price">
          {conversation.agreed_price !== null ? (
            <>
              <span className="font-semibold">{t("agreed", { amount: formatter.number(conversation.agreed_price, "euro") })}</span>
              {conversation.product_price !== null ? (
                <span className="text-xs text-muted-foreground line-through">{formatter.number(conversation.product_price, "euro")}</span>
              ) : null}
            </>
          ) : conversation.product_price !== null ? (
            <span className="font-semibold">{formatter.number(conversation.product_price, "euro")}</span>
          ) : null}
          <span className="truncate text-xs text-muted-foreground">{conversation.other_user_name}</span>
        </span>
      </span>
    </Link>
  ) : (
    <span className="flex-1 text-sm text-muted-foreground">{t("deletedProduct")}</span>
  );
}
