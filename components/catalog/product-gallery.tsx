"use client";

/**
 * The product page's photos: a strip of
 * photos that swipes on touch (CSS scroll snap: the browser's own swipe, momentum and
 * rubber band, no script on the way), previous and next arrows that wrap around, an index
 * counter ("2 / 3") and thumbnails. A swipe that starts on an arrow pages too
 * (./use-arrow-swipe.ts). Arrow keys page through when the gallery has focus. A
 * tap on a photo opens the full-screen viewer with pinch zoom (./photo-viewer.tsx, loaded
 * on that tap). Without pictures it shows the placeholder.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { cn } from "@/lib/platform/utils";
import { PRODUCT_PLACEHOLDER_IMAGE } from "./product-placeholder";
import { useArrowSwipe } from "./use-arrow-swipe";

/** The full-screen viewer (a dialog with the zoom code) loads when a photo is tapped. */
const PhotoViewer = React.lazy(() => import("./photo-viewer"));

/** The left and right arrow keys page through the photos. */
function arrowKey(event: React.KeyboardEvent, go: (delta: number) => void) {
  if (event.key === "ArrowLeft") {
    event.preventDefault();
    go(-1);
  } else if (event.key === "ArrowRight") {
    event.preventDefault();
    go(1);
  }
}

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
  const [viewing, setViewing] = React.useState(false);
  const track = React.useRef<HTMLDivElement>(null);
  // While the arrows scroll the strip, the positions passed on the way do not count.
  const target = React.useRef<number | null>(null);
  const count = images.length;
  const multiple = count > 1;
  const slides = count > 0 ? images : [PRODUCT_PLACEHOLDER_IMAGE];

  const show = React.useCallback(
    (next: number) => {
      const strip = track.current;
      setIndex(next);
      if (!strip) return;
      target.current = next;
      const near = Math.abs(Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1)) - next) <= 1;
      const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      strip.scrollTo({ left: next * strip.clientWidth, behavior: near && !reduced ? "smooth" : "instant" });
    },
    [],
  );

  const go = React.useCallback(
    (delta: number) => {
      if (count < 2) return;
      show((index + delta + count) % count);
    },
    [count, index, show],
  );

  const swipe = useArrowSwipe(track, index, count, show);

  const onScroll = () => {
    const strip = track.current;
    if (!strip) return;
    const at = Math.min(count - 1, Math.max(0, Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1))));
    if (target.current !== null) {
      if (at !== target.current) return;
      target.current = null;
    }
    setIndex((value) => (value === at ? value : at));
  };

  return (
    <section
      aria-roledescription={t("roleDescription")}
      aria-label={t("label", { title })}
      aria-describedby={multiple ? "gallery-keyboard-hint" : undefined}
      data-testid="product-gallery"
      // The region takes focus so the arrow keys page through the photos.
      tabIndex={multiple ? 0 : undefined}
      onKeyDown={multiple ? (event) => arrowKey(event, go) : undefined}
      className="space-y-3 rounded-2xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-offset-4"
    >
      <div className="group relative overflow-hidden rounded-2xl border bg-muted">
        <div
          ref={track}
          onScroll={multiple ? onScroll : undefined}
          data-testid="gallery-track"
          className="flex aspect-[4/3] snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {slides.map((src, i) => (
            <Slide key={src} src={src} i={i} current={i === index} count={count} title={title} onOpen={() => (count > 0 ? setViewing(true) : undefined)} />
          ))}
        </div>
        {multiple ? (
          <>
            <span id="gallery-keyboard-hint" className="sr-only">
              {t("keyboardHint")}
            </span>
            <GalleryArrow direction="prev" label={t("previous")} onClick={() => go(-1)} swipe={swipe} />
            <GalleryArrow direction="next" label={t("next")} onClick={() => go(1)} swipe={swipe} />
            <p
              className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
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

      {multiple ? <Thumbnails images={images} thumbnails={thumbnails} index={index} onShow={show} /> : null}

      {viewing ? (
        <React.Suspense fallback={null}>
          <PhotoViewer
            images={images}
            title={title}
            start={index}
            onClose={(last) => {
              setViewing(false);
              // Back on the page at the photo the viewer ended on.
              if (last !== index) show(last);
            }}
          />
        </React.Suspense>
      ) : null}
    </section>
  );
}

function GalleryArrow({ direction, label, onClick, swipe }: { direction: "prev" | "next"; label: string; onClick: () => void; swipe: ReturnType<typeof useArrowSwipe> }) {
  const Icon = direction === "prev" ? ChevronLeftIcon : ChevronRightIcon;
  return (
    <button
      type="button"
      {...swipe}
      onClick={onClick}
      aria-label={label}
      data-testid={`gallery-${direction}`}
      className={cn(
        "absolute top-1/2 flex size-10 -translate-y-1/2 touch-pan-y items-center justify-center rounded-full bg-card/90 text-foreground shadow-md transition outline-none hover:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50",
        direction === "prev" ? "left-3" : "right-3",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

/** One photo in the strip; tapping it opens the viewer. */
function Slide({ src, i, current, count, title, onOpen }: { src: string; i: number; current: boolean; count: number; title: string; onOpen: () => void }) {
  const t = useTranslations("product.gallery");
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={count > 0 ? t("open", { index: i + 1, count }) : t("noImage")}
      aria-hidden={current ? undefined : true}
      tabIndex={current ? undefined : -1}
      data-testid="gallery-slide"
      className="block size-full shrink-0 snap-center snap-always cursor-zoom-in outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset"
    >
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={src}
        alt={count > 0 ? t("imageAlt", { title, index: i + 1, count }) : t("noImage")}
        width={800}
        height={600}
        fetchPriority={i === 0 ? "high" : "auto"}
        loading={i === 0 ? undefined : "lazy"}
        decoding="async"
        draggable={false}
        // The current photo answers to the old test id (one image at a time).
        data-testid={current ? "gallery-image" : "gallery-slide-image"}
        data-index={i}
        className="size-full object-contain"
      />
    </button>
  );
}

/** The thumbnails below the photo; the current one is framed. */
function Thumbnails({ images, thumbnails, index, onShow }: { images: string[]; thumbnails: string[]; index: number; onShow: (i: number) => void }) {
  const t = useTranslations("product.gallery");
  const count = images.length;
  return (
    <ul className="flex gap-2 overflow-x-auto pb-1" aria-label={t("thumbnails")}>
      {images.map((image, i) => (
        <li key={image} className="shrink-0">
          <button
            type="button"
            onClick={() => onShow(i)}
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
  );
}
