"use client";

/**
 * The product photos on the full screen, loaded when a photo in the
 * gallery is tapped: a dark dialog with the photo as large as it fits, pinch zoom (two
 * fingers; a double tap or double click toggles 2.5×), panning the zoomed photo with one
 * finger, and swiping between photos while not zoomed. Own code on pointer events and a
 * CSS transform (a few dozen lines; no library needed). Arrows, a zoom button and the
 * close button (Escape too) do the same for keyboard and screen-reader users.
 */
import * as React from "react";
import { useTranslations } from "next-intl";
import { ChevronLeftIcon, ChevronRightIcon, XIcon, ZoomInIcon, ZoomOutIcon } from "lucide-react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cn } from "@/lib/platform/utils";

const MAX_SCALE = 4;
const TAP_ZOOM = 2.5;
const SWIPE_PX = 50;
const DOUBLE_TAP_MS = 300;

type Point = { x: number; y: number };
type View = { scale: number; x: number; y: number };
const FIT: View = { scale: 1, x: 0, y: 0 };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const clampScale = (scale: number) => Math.min(MAX_SCALE, Math.max(1, scale));

/**
 * Swipe to the next photo, pinch or double-tap to zoom, one finger to move a zoomed
 * photo; `active` while a finger is down (the photo then follows without easing).
 */
function usePhotoGestures(view: View, setView: React.Dispatch<React.SetStateAction<View>>, go: (delta: number) => void, toggleZoom: () => void) {
  const pointers = React.useRef(new Map<number, Point>());
  const gesture = React.useRef<{ start: Point; from: View; at: number; pinch: { dist: number; from: View } | null; moved: boolean } | null>(null);
  const lastTap = React.useRef(0);
  // A finger is down: the photo follows it without easing.
  const [active, setActive] = React.useState(false);

  const onPointerDown = (event: React.PointerEvent) => {
    // The arrows on the photo are buttons: capturing their pointer would take their click.
    if (event.target instanceof Element && event.target.closest("button")) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    setActive(true);
    const points = [...pointers.current.values()];
    if (points.length === 1) {
      gesture.current = { start: point, from: view, at: Date.now(), pinch: null, moved: false };
    } else if (points.length === 2 && gesture.current) {
      gesture.current.pinch = { dist: Math.max(distance(points[0]!, points[1]!), 1), from: view };
      gesture.current.moved = true;
    }
  };

  const onPointerMove = (event: React.PointerEvent) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    const g = gesture.current;
    if (points.length >= 2 && g.pinch) {
      const scale = clampScale((g.pinch.from.scale * distance(points[0]!, points[1]!)) / g.pinch.dist);
      const ratio = scale / g.pinch.from.scale;
      setView({ scale, x: g.pinch.from.x * ratio, y: g.pinch.from.y * ratio });
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (Math.abs(dx) > 8 || Math.abs(dy) > 8) g.moved = true;
    // One finger on a zoomed photo moves it around.
    if (g.from.scale > 1 && !g.pinch) setView({ scale: g.from.scale, x: g.from.x + dx, y: g.from.y + dy });
  };

  const onPointerUp = (event: React.PointerEvent) => {
    const g = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) setActive(false);
    if (pointers.current.size > 0 || !g) return;
    gesture.current = null;
    if (g.pinch) {
      // Pinched back to (about) the whole photo: fit it again.
      setView((current) => (current.scale < 1.05 ? FIT : current));
      return;
    }
    const dx = event.clientX - g.start.x;
    const dy = event.clientY - g.start.y;
    if (g.from.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      go(dx < 0 ? 1 : -1);
      return;
    }
    if (!g.moved) {
      const now = Date.now();
      if (now - lastTap.current < DOUBLE_TAP_MS) {
        lastTap.current = 0;
        toggleZoom();
      } else {
        lastTap.current = now;
      }
    }
  };

  const onPointerCancel = (event: React.PointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      gesture.current = null;
      setActive(false);
    }
  };

  return { active, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel } };
}

export default function PhotoViewer({
  images,
  title,
  start,
  onClose,
}: {
  images: string[];
  title: string;
  start: number;
  /** Closed; with the photo it ended on. */
  onClose: (index: number) => void;
}) {
  const t = useTranslations("product.gallery");
  const count = images.length;
  const [index, setIndex] = React.useState(start);
  const [view, setView] = React.useState<View>(FIT);
  const zoomed = view.scale > 1;

  const go = (delta: number) => {
    if (count < 2) return;
    setIndex((value) => (value + delta + count) % count);
    setView(FIT);
  };
  const toggleZoom = () => setView((current) => (current.scale > 1 ? FIT : { scale: TAP_ZOOM, x: 0, y: 0 }));

  const { active, handlers } = usePhotoGestures(view, setView, go, toggleZoom);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") go(-1);
    else if (event.key === "ArrowRight") go(1);
  };

  const button =
    "flex size-11 items-center justify-center rounded-full bg-white/15 text-white outline-none hover:bg-white/25 focus-visible:ring-[3px] focus-visible:ring-white/70";

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose(index))}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black" />
        <DialogPrimitive.Content
          data-testid="photo-viewer"
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col text-white outline-none"
        >
          <DialogPrimitive.Title className="sr-only">{t("viewerTitle", { title })}</DialogPrimitive.Title>
          <div className="flex items-center justify-between gap-2 p-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
            <p className="text-sm font-medium tabular-nums" aria-live="polite" data-testid="photo-viewer-counter">
              {count > 1 ? `${index + 1} / ${count}` : null}
            </p>
            <div className="flex items-center gap-2">
              <button type="button" className={button} onClick={toggleZoom} aria-pressed={zoomed} aria-label={zoomed ? t("zoomOut") : t("zoomIn")} data-testid="photo-viewer-zoom">
                {zoomed ? <ZoomOutIcon aria-hidden="true" className="size-5" /> : <ZoomInIcon aria-hidden="true" className="size-5" />}
              </button>
              <DialogPrimitive.Close className={button} aria-label={t("close")} data-testid="photo-viewer-close">
                <XIcon aria-hidden="true" className="size-5" />
              </DialogPrimitive.Close>
            </div>
          </div>
          <div
            className="relative min-h-0 flex-1 touch-none overflow-hidden select-none"
            {...handlers}
            data-testid="photo-viewer-stage"
          >
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img
              key={images[index]}
              src={images[index]}
              alt={t("imageAlt", { title, index: index + 1, count })}
              draggable={false}
              data-testid="photo-viewer-image"
              data-scale={view.scale.toFixed(2)}
              className={cn("size-full object-contain will-change-transform", !active && "transition-transform duration-150")}
              style={{ transform: `translate3d(${view.x}px, ${view.y}px, 0) scale(${view.scale})` }}
            />
            {count > 1 ? (
              <>
                <button type="button" className={cn(button, "absolute top-1/2 left-3 -translate-y-1/2")} onClick={() => go(-1)} aria-label={t("previous")} data-testid="photo-viewer-prev">
                  <ChevronLeftIcon aria-hidden="true" className="size-5" />
                </button>
                <button type="button" className={cn(button, "absolute top-1/2 right-3 -translate-y-1/2")} onClick={() => go(1)} aria-label={t("next")} data-testid="photo-viewer-next">
                  <ChevronRightIcon aria-hidden="true" className="size-5" />
                </button>
              </>
            ) : null}
          </div>
          <p className="p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-xs text-white/80">{t("zoomHint")}</p>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
