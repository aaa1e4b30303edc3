"use client";

/**
 * The profile tab's photo: the current photo (or the initials), "Change photo" and
 * "Remove". A picked file is checked here as the listing form checks its photos (type by
 * content, 5 MB) and then sent to POST /api/users/me/photo; the server decodes it again.
 * Afterwards the session is refreshed, so the header's avatar shows the new photo.
 */
import * as React from "react";
import { useRouter } from "next/navigation";
import { useRefreshSession } from "@/components/auth/use-session-user";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { CameraIcon, Trash2Icon } from "lucide-react";
import { imageFileProblem } from "@/components/listing/listing-images";
import { useListingMessage } from "@/components/listing/listing-messages";
import { apiResult } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { IMAGE_TYPES } from "@/lib/domains/catalog/client";

/** "Anna de Vries" → "AV"; one letter for one name. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? "") : "";
  return (first + last).toUpperCase() || "?";
}

export function ProfilePhoto({ name, image }: { name: string; image: string | null }) {
  const t = useTranslations("dashboard.profile.photo");
  const tListing = useTranslations("listing");
  const listingMessage = useListingMessage();
  const router = useRouter();
  const refreshSession = useRefreshSession();
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [current, setCurrent] = React.useState(image);
  const [busy, setBusy] = React.useState<"uploading" | "removing" | null>(null);
  const hintId = React.useId();

  async function send(method: "POST" | "DELETE", body?: FormData): Promise<boolean> {
    const failed = method === "POST" ? t("failed") : t("removeFailed");
    try {
      const sent = await apiResult<{ profile_image: string | null }>("/api/users/me/photo", { method, form: body });
      if (!sent.ok) {
        if (sent.status === 0) throw sent.error;
        toast.error(failed, { description: listingMessage.error(sent.error) || undefined });
        return false;
      }
      const user = sent.data;
      setCurrent(user.profile_image);
      // The header's avatar comes from the session, which reads the database.
      await refreshSession();
      router.refresh();
      return true;
    } catch {
      toast.error(failed, { description: tListing("errors.network") });
      return false;
    }
  }

  async function pick(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked again after an error must fire `change` again.
    event.target.value = "";
    if (!file || busy) return;
    const problem = await imageFileProblem(file);
    if (problem) {
      toast.error(tListing(`errors.${problem}`, { name: file.name }));
      return;
    }
    const form = new FormData();
    form.append("file", file, file.name);
    setBusy("uploading");
    try {
      if (await send("POST", form)) toast.success(t("updated"));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy("removing");
    try {
      if (await send("DELETE")) toast.success(t("removed"));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby={`${hintId}-title`} className="flex flex-col gap-4 sm:flex-row sm:items-center" data-testid="profile-photo">
      <Avatar name={name} current={current} busy={busy} />
      <div className="space-y-2">
        <h2 id={`${hintId}-title`} className="text-sm font-semibold">
          {t("title")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            type="file"
            accept={IMAGE_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="profile-photo-input"
            onChange={pick}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy !== null}
            aria-describedby={hintId}
            data-testid="profile-photo-change"
            onClick={() => inputRef.current?.click()}
          >
            <CameraIcon aria-hidden="true" />
            {current ? t("change") : t("add")}
          </Button>
          {current ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy !== null}
              data-testid="profile-photo-remove"
              onClick={remove}
              className="text-destructive hover:text-destructive"
            >
              <Trash2Icon aria-hidden="true" />
              {t("remove")}
            </Button>
          ) : null}
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t("hint")}
        </p>
      </div>
    </section>
  );
}

/** The photo, or the initials without one, with a spinner while it changes. */
function Avatar({ name, current, busy }: { name: string; current: string | null; busy: "uploading" | "removing" | null }) {
  const t = useTranslations("dashboard.profile.photo");
  return (
    <div className="relative size-24 shrink-0">
      {current ? (
        // Our own storage route (or the S3 bucket); next/image adds nothing for a 256 px file.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={current}
          alt={t("alt", { name })}
          data-testid="profile-photo-image"
          className="size-24 rounded-full object-cover ring-1 ring-border"
        />
      ) : (
        <span
          role="img"
          aria-label={t("initialsLabel")}
          data-testid="profile-photo-initials"
          className="flex size-24 items-center justify-center rounded-full bg-secondary text-2xl font-semibold text-secondary-foreground ring-1 ring-border"
        >
          {initialsOf(name)}
        </span>
      )}
      {busy ? (
        <span className="absolute inset-0 flex items-center justify-center rounded-full bg-background/70">
          <Spinner label={busy === "uploading" ? t("uploading") : t("removing")} className="size-6" />
        </span>
      ) : null}
    </div>
  );
}
