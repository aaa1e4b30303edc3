"use client";

/**
 * The thread's composer: text and up to four photos. With a keyboard
 * and a fine pointer, Enter sends and Shift+Enter is a new line (the hint says so); on a
 * touch screen Enter is a new line and the Send button sends, and no keyboard hint shows
 * (docs/phone.md). Blank without photos is not sent. Photos follow the listing upload's
 * rules (JPEG, PNG or WebP by content, at most 5 MB); the server checks them again.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ImagePlusIcon, SendIcon, XIcon } from "lucide-react";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, SNIFF_BYTES, sniffImageType } from "@/lib/domains/catalog/client";
import { CHAT_PHOTOS_MAX, postMessage, type MessageJson } from "./messages-api";

/** A keyboard with a mouse or trackpad; phones and tablets are not. */
const FINE_POINTER = "(hover: hover) and (pointer: fine)";

export function Composer({ conversationId, onSent }: { conversationId: string; onSent: (message: MessageJson) => void }) {
  const t = useTranslations("messaging");
  const [text, setText] = React.useState("");
  const [files, setFiles] = React.useState<File[]>([]);
  const [busy, setBusy] = React.useState(false);
  const hintId = React.useId();
  const input = React.useRef<HTMLInputElement>(null);
  const previews = React.useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  React.useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  const canSend = (text.trim().length > 0 || files.length > 0) && !busy;

  async function send() {
    const content = text.trim();
    if (!canSend) return;
    setBusy(true);
    const result = await postMessage(conversationId, content, files);
    setBusy(false);
    if (!result.ok) {
      const code = result.error.code;
      toast.error(
        code === "pickup_code"
          ? t("pickupCode")
          : code === "not_an_image" || code === "bad_image"
            ? t("photos.notAPhoto")
            : code === "image_too_large" || code === "too_large"
              ? t("photos.tooLarge")
              : t("sendFailed"),
      );
      return;
    }
    setText("");
    setFiles([]);
    onSent(result.data);
  }

  async function pick(list: FileList | null) {
    const picked = Array.from(list ?? []);
    if (input.current) input.current.value = "";
    const accepted: File[] = [];
    for (const file of picked) {
      const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
      if (!sniffImageType(head)) toast.error(t("photos.notAPhoto"));
      else if (file.size > MAX_IMAGE_BYTES) toast.error(t("photos.tooLarge"));
      else accepted.push(file);
    }
    const next = [...files, ...accepted];
    if (next.length > CHAT_PHOTOS_MAX) toast.error(t("photos.tooMany", { max: CHAT_PHOTOS_MAX }));
    setFiles(next.slice(0, CHAT_PHOTOS_MAX));
  }

  return (
    <form
      className="border-t bg-card p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      data-testid="composer-form"
    >
      {files.length > 0 ? <ChosenPhotos files={files} previews={previews} onRemove={(index) => setFiles(files.filter((_, i) => i !== index))} /> : null}
      <div className="flex items-end gap-2">
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => void pick(event.target.files)}
          data-testid="composer-file"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-11 shrink-0"
          onClick={() => input.current?.click()}
          disabled={busy || files.length >= CHAT_PHOTOS_MAX}
          aria-label={t("photos.add")}
          data-testid="composer-attach"
        >
          <ImagePlusIcon aria-hidden="true" />
        </Button>
        <Textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            // Only with a real keyboard: a phone's Enter key makes a new line.
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && window.matchMedia(FINE_POINTER).matches) {
              event.preventDefault();
              void send();
            }
          }}
          rows={2}
          maxLength={2000}
          enterKeyHint="enter"
          placeholder={t("placeholder")}
          aria-label={t("placeholder")}
          aria-describedby={hintId}
          className="min-h-11 flex-1 resize-none"
          data-testid="composer"
        />
        <Button type="submit" className="size-11 shrink-0" disabled={!canSend} aria-busy={busy || undefined} aria-label={t("send")} data-testid="composer-send">
          {busy ? <Spinner className="text-current" /> : <SendIcon aria-hidden="true" />}
        </Button>
      </div>
      <p id={hintId} className="mt-1 flex justify-between gap-2 text-xs text-muted-foreground">
        <span className="fine-pointer-only" data-testid="composer-hint">
          {t("composerHint")}
        </span>
        <span className="ml-auto">{t("counter", { count: text.length })}</span>
      </p>
    </form>
  );
}

/** The photos picked for the next message, each with a remove button. */
function ChosenPhotos({ files, previews, onRemove }: { files: File[]; previews: string[]; onRemove: (index: number) => void }) {
  const t = useTranslations("messaging");
  return (
  <ul className="mb-2 flex gap-2" aria-label={t("photos.chosen")} data-testid="composer-photos">
    {files.map((file, index) => (
      <li key={previews[index]} className="relative">
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img src={previews[index]} alt={t("photos.preview", { n: index + 1 })} className="size-16 rounded-lg object-cover" />
        <button
          type="button"
          onClick={() => onRemove(index)}
          aria-label={t("photos.remove", { n: index + 1 })}
          className="absolute -top-2 -right-2 flex size-6 items-center justify-center rounded-full bg-foreground text-background"
        >
          <XIcon aria-hidden="true" className="size-3.5" />
        </button>
      </li>
    ))}
  </ul>
  );
}
