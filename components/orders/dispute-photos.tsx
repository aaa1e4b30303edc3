"use client";

/**
 * Up to 5 photos with a problem report of a shipped order: chosen here, shown
 * as thumbnails, uploaded one after another through the upload endpoint when the report
 * is sent (their URLs go with it).
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ImagePlusIcon, XIcon } from "lucide-react";
import { apiResult } from "@/components/lib/api-client";
import { Button } from "@/components/ui/button";

export const DISPUTE_PHOTOS_MAX = 5;

/** The photos' URLs, or null when one failed. */
export async function uploadDisputePhotos(files: readonly File[]): Promise<string[] | null> {
  const urls: string[] = [];
  for (const file of files) {
    const form = new FormData();
    form.append("file", file, file.name);
    const result = await apiResult<{ url?: unknown }>("/api/upload-image", { form, timeoutMs: 30_000 });
    if (!result.ok || typeof result.data?.url !== "string") return null;
    urls.push(result.data.url);
  }
  return urls;
}

export function DisputePhotos({ files, onChange, disabled }: { files: File[]; onChange: (files: File[]) => void; disabled: boolean }) {
  const t = useTranslations("orders.shipping");
  const id = React.useId();
  const input = React.useRef<HTMLInputElement>(null);
  const previews = React.useMemo(() => files.map((file) => URL.createObjectURL(file)), [files]);
  React.useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);

  return (
    <div className="grid gap-2" data-testid="order-dispute-photos">
      <label htmlFor={id} className="text-sm font-medium">
        {t("photos", { max: DISPUTE_PHOTOS_MAX })}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        multiple
        className="sr-only"
        disabled={disabled || files.length >= DISPUTE_PHOTOS_MAX}
        data-testid="order-dispute-photo-input"
        onChange={(event) => {
          const chosen = Array.from(event.target.files ?? []);
          onChange([...files, ...chosen].slice(0, DISPUTE_PHOTOS_MAX));
          event.target.value = "";
        }}
      />
      <div className="flex flex-wrap gap-2">
        {previews.map((url, index) => (
          <div key={url} className="relative size-16 overflow-hidden rounded-lg border">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={url} alt="" className="size-full object-cover" />
            <button
              type="button"
              className="absolute top-0.5 right-0.5 rounded-full bg-background/90 p-0.5"
              onClick={() => onChange(files.filter((_, at) => at !== index))}
              disabled={disabled}
              aria-label={t("removePhoto", { number: index + 1 })}
            >
              <XIcon aria-hidden="true" className="size-3.5" />
            </button>
          </div>
        ))}
        {files.length < DISPUTE_PHOTOS_MAX ? (
          <Button type="button" variant="outline" className="size-16" onClick={() => input.current?.click()} disabled={disabled} aria-label={t("addPhotos")}>
            <ImagePlusIcon aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
