"use client";

/**
 * The product page's photos (SPEC.md "Product detail"): the current picture, previous and
 * next arrows that wrap around, an index counter ("2 / 3") and thumbnails. Arrow keys page
 * through when the gallery has focus. Without pictures it shows the placeholder.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";
import { PRODUCT_PLACEHOLDER_IMAGE } from "./product-placeholder";

export function ProductGallery({
  images,
  thumbnails,
  title,
}: {
  images: string[];
  thumbnails: string[];
  title: string;
}) {
  const t = useTranslations("product.gallery");
  const [index, setIndex] = React.useState(0);
  const count = images.length;
  const multiple = count > 1;
  const current = count > 0 ? images[index % count] : PRODUCT_PLACEHOLDER_IMAGE;

  const go = React.useCallback(
    (delta: number) => {
      if (count < 2) return;
      setIndex((value) => (value + delta + count) % count);
    },
    [count],
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    }
  };

  return (
    <section
      aria-roledescription={t("roleDescription")}
      aria-label={t("label", { title })}
      aria-describedby={multiple ? "gallery-keyboard-hint" : undefined}
      data-testid="product-gallery"
      // The region takes focus so the arrow keys page through the photos.
      tabIndex={multiple ? 0 : undefined}
      onKeyDown={multiple ? onKeyDown : undefined}
      className="space-y-3 rounded-2xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-offset-4"
    >
      <div className="group relative overflow-hidden rounded-2xl border bg-muted">
        <div className="aspect-[4/3]">
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            key={current}
            src={current}
            alt={count > 0 ? t("imageAlt", { title, index: index + 1, count }) : t("noImage")}
            width={800}
            height={600}
            fetchPriority={index === 0 ? "high" : "auto"}
            decoding="async"
            data-testid="gallery-image"
            data-index={index}
            className="size-full object-contain"
          />
        </div>
        {multiple ? (
          <>
            <span id="gallery-keyboard-hint" className="sr-only">
              {t("keyboardHint")}
            </span>
            <GalleryArrow direction="prev" label={t("previous")} onClick={() => go(-1)} />
            <GalleryArrow direction="next" label={t("next")} onClick={() => go(1)} />
            <p
              className="absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
              aria-live="polite"
              aria-atomic="true"
            >
              <span className="sr-only">{t("counterPrefix")} </span>
              <span data-testid="gallery-counter">
                {index + 1} / {count}
              </span>
            </p>
          </>
        ) : null}
      </div>

      {multiple ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("thumbnails")}>
          {images.map((image, i) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("show", { index: i + 1, count })}
                aria-current={i === index ? "true" : undefined}
                data-testid="gallery-thumbnail"
                data-index={i}
                className={cn(
                  "block size-16 overflow-hidden rounded-lg border-2 bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:size-20",
                  i === index ? "border-primary" : "border-transparent opacity-75 hover:opacity-100",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img
                  src={thumbnails[i] ?? image}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function GalleryArrow({ direction, label, onClick }: { direction: "prev" | "next"; label: string; onClick: () => void }) {
  const Icon = direction === "prev" ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      data-testid={`gallery-${direction}`}
      className={cn(
        "absolute top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-card/90 text-foreground shadow-md transition outline-none hover:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50",
        direction === "prev" ? "left-3" : "right-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
