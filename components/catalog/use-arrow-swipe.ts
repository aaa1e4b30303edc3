"use client";

/**
 * A swipe that starts on one of the gallery's arrow buttons (./product-gallery.tsx).
 * The arrows float over the photo strip but are not inside it, so the browser's own swipe
 * (scroll snap) never sees a finger that lands on them. These pointer handlers move the
 * strip with the finger and, on release, settle on the next or previous photo (or back
 * on this one for a short move). A tap without movement stays a click on the arrow. The
 * arrows take `touch-action: pan-y`, so a vertical move still scrolls the page.
 */
import * as React from "react";

/** How far the finger moves before it is a swipe rather than a tap. */
const SLOP_PX = 8;
/** The part of a photo's width a swipe must cover to page. */
const PAGE_AT = 0.2;

/** The finger, where it started, the strip's scroll and photo then, and whether it has moved. */
type Drag = { id: number; x: number; scroll: number; from: number; moved: boolean };

export function useArrowSwipe(track: React.RefObject<HTMLDivElement | null>, index: number, count: number, show: (i: number) => void) {
  const drag = React.useRef<Drag | null>(null);
  const swallowClick = React.useRef(false);

  const release = (event: React.PointerEvent, cancelled: boolean) => {
    const current = drag.current;
    const strip = track.current;
    if (!current || current.id !== event.pointerId || !strip) return;
    drag.current = null;
    strip.style.removeProperty("scroll-snap-type");
    if (!current.moved) return;
    swallowClick.current = !cancelled;
    const dx = event.clientX - current.x;
    const step = cancelled || Math.abs(dx) < strip.clientWidth * PAGE_AT ? 0 : dx < 0 ? 1 : -1;
    show(Math.min(count - 1, Math.max(0, current.from + step)));
  };

  return {
    onPointerDown(event: React.PointerEvent) {
      const strip = track.current;
      if (event.pointerType === "mouse" || !strip || count < 2) return;
      drag.current = { id: event.pointerId, x: event.clientX, scroll: strip.scrollLeft, from: index, moved: false };
      swallowClick.current = false;
    },
    onPointerMove(event: React.PointerEvent) {
      const current = drag.current;
      const strip = track.current;
      if (!current || current.id !== event.pointerId || !strip) return;
      const dx = event.clientX - current.x;
      if (!current.moved) {
        if (Math.abs(dx) < SLOP_PX) return;
        current.moved = true;
        (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
        // Snap points would pull the strip back while the finger moves it.
        strip.style.setProperty("scroll-snap-type", "none");
      }
      strip.scrollTo({ left: current.scroll - dx, behavior: "instant" });
    },
    onPointerUp: (event: React.PointerEvent) => release(event, false),
    onPointerCancel: (event: React.PointerEvent) => release(event, true),
    /** After a swipe, the click the browser sends on release does not page again. */
    onClickCapture(event: React.MouseEvent) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };
}
