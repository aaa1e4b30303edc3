"use client";

import * as React from "react";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ImagePlusIcon, StarIcon, XIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from "@/lib/domains/catalog/client";
import { cn } from "@/lib/platform/utils";
import { SNIFF_BYTES, sniffImageType } from "@/lib/domains/catalog/client";

/**
 * One photo of the form: already stored (`remote`, an URL our upload issued) or a file
 * picked on this device that is uploaded on submit. `preview` is what the <img> shows.
 */
export type ListingImage =
  | { key: string; kind: "remote"; url: string; preview: string }
  | { key: string; kind: "file"; file: File; preview: string };

type ListingImagesProps = {
  id: string;
  images: ListingImage[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onMakeMain: (key: string) => void;
  disabled?: boolean;
  /** Id of the error text under the picker, if there is one. */
  errorId?: string;
  hintId: string;
};

/**
 * The listing photo rules (docs/catalog.md) for one picked file: what is wrong with it, as a `listing.errors` key
 * (its text takes the file's `name`), or null when it may be uploaded. Also used by the
 * profile photo, so both pickers refuse the same files with the same words.
 */
export async function imageFileProblem(file: File): Promise<"notAnImage" | "unsupportedType" | "tooLarge" | null> {
  if (!file.type.startsWith("image/")) return "notAnImage";
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "unsupportedType";
  if (file.size > MAX_IMAGE_BYTES) return "tooLarge";
  // By content, not by name: a text file called "foto.jpg" is refused here, before
  // it becomes a broken tile that fails only at upload.
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (!sniffImageType(head)) return "notAnImage";
  return null;
}

/**
 * The listing photo rules (docs/catalog.md) per file: a file that is not an image, or one over 5 MB, is refused
 * with its name; at most 5 in total ('Maximum 5 images allowed'). The accepted files
 * go to `onAdd`; the upload itself waits for the submit.
 */
async function acceptFiles(
  files: File[],
  room: number,
  t: (key: string, values?: Record<string, string | number>) => string,
): Promise<File[]> {
  const accepted: File[] = [];
  let overLimit = false;
  for (const file of files) {
    const problem = await imageFileProblem(file);
    if (problem) {
      toast.error(t(`errors.${problem}`, { name: file.name }));
      continue;
    }
    if (accepted.length >= room) {
      overLimit = true;
      continue;
    }
    accepted.push(file);
  }
  if (overLimit) toast.error(t("errors.tooManyImages", { max: MAX_IMAGES }));
  return accepted;
}

export function ListingImages({
  id,
  images,
  onAdd,
  onRemove,
  onMakeMain,
  disabled,
  errorId,
  hintId,
}: ListingImagesProps) {
  const t = useTranslations("listing");
  const [dragging, setDragging] = React.useState(false);
  const full = images.length >= MAX_IMAGES;

  async function take(list: FileList | null) {
    if (!list || list.length === 0) return;
    const files = Array.from(list);
    if (full) {
      toast.error(t("errors.tooManyImages", { max: MAX_IMAGES }));
      return;
    }
    const accepted = await acceptFiles(files, MAX_IMAGES - images.length, t);
    if (accepted.length > 0) onAdd(accepted);
  }

  return (
    <div className="space-y-3">
      {images.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="listing-images">
          {images.map((image, index) => (
            <ImageTile
              key={image.key}
              image={image}
              index={index}
              disabled={disabled}
              onRemove={onRemove}
              onMakeMain={onMakeMain}
            />
          ))}
        </ul>
      ) : null}

      <div className={cn(full && "hidden")}>
        <input
          id={id}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          disabled={disabled || full}
          className="peer sr-only"
          data-testid="listing-images-input"
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          aria-invalid={errorId ? true : undefined}
          onChange={(event) => {
            void take(event.target.files);
            // The same file can be picked again after it was removed.
            event.target.value = "";
          }}
        />
        <label
          htmlFor={id}
          onDragOver={(event) => {
            if (disabled || full) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            if (!disabled) void take(event.dataTransfer.files);
          }}
          className={cn(
            "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed bg-card px-4 py-8 text-center transition-colors hover:border-primary/60 hover:bg-secondary/40",
            "peer-focus-visible:border-ring peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/30",
            dragging && "border-primary bg-secondary/60",
            errorId && "border-destructive/70",
            disabled && "pointer-events-none opacity-60",
          )}
        >
          <span className="flex size-11 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <ImagePlusIcon aria-hidden="true" className="size-5" />
          </span>
          <span className="font-medium text-primary">{t("images.add")}</span>
          <span className="text-sm text-muted-foreground">{t("images.drop")}</span>
        </label>
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("images.hint", { max: MAX_IMAGES })}{" "}
        <span data-testid="listing-images-count">{t("images.count", { count: images.length, max: MAX_IMAGES })}</span>
      </p>
    </div>
  );
}

/** One photo with its "main" badge or button and its remove button. */
function ImageTile({
  image,
  index,
  disabled,
  onRemove,
  onMakeMain,
}: {
  image: ListingImagesProps["images"][number];
  index: number;
  disabled: ListingImagesProps["disabled"];
  onRemove: ListingImagesProps["onRemove"];
  onMakeMain: ListingImagesProps["onMakeMain"];
}) {
  const t = useTranslations("listing");
  return (
    <li
      data-testid="listing-image"
      className="group relative aspect-square overflow-hidden rounded-lg border bg-muted"
    >
      {/* Object URLs and our own uploads: next/image adds nothing for local previews. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={image.preview}
        alt={t("images.alt", { index: index + 1 })}
        className="size-full object-cover"
      />
      {index === 0 ? (
        <Badge className="absolute top-2 left-2 shadow-sm" data-testid="listing-image-main">
          <StarIcon aria-hidden="true" />
          {t("images.main")}
        </Badge>
      ) : (
        <Button
          type="button"
          variant="secondary"
          size="icon-sm"
          disabled={disabled}
          onClick={() => onMakeMain(image.key)}
          aria-label={t("images.makeMainLabel", { index: index + 1 })}
          title={t("images.makeMain")}
          data-testid="listing-image-make-main"
          className="absolute top-2 left-2 size-7 rounded-full bg-card/90 shadow-sm hover:bg-primary hover:text-primary-foreground"
        >
          <StarIcon aria-hidden="true" />
        </Button>
      )}
      <Button
        type="button"
        variant="secondary"
        size="icon-sm"
        disabled={disabled}
        onClick={() => onRemove(image.key)}
        aria-label={t("images.remove", { index: index + 1 })}
        title={t("images.remove", { index: index + 1 })}
        data-testid="listing-image-remove"
        className="absolute top-2 right-2 size-7 rounded-full bg-card/90 shadow-sm hover:bg-destructive hover:text-destructive-foreground"
      >
        <XIcon aria-hidden="true" />
      </Button>
    </li>
  );
}
