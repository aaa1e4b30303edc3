"use client";

/**
 * Maps load when shown (the JavaScript budget, docs/performance.md): the map's code, and Leaflet or Google with it, is
 * fetched when its frame comes within MARGIN of the viewport, not with the page. Until
 * then an empty frame of the same size holds the place (no layout shift) with the map's
 * accessible name and data-map-status="not_loaded".
 */
import * as React from "react";
import type { ItemMapFrameProps } from "./item-map-frame";

/** How far below the fold a map starts loading: about a phone screen's height. */
const MARGIN = "600px";

export function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = React.useRef<T>(null);
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${MARGIN} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

type FrameProps = { label: string; height: number; testId: string };

/** The empty frame: same box, name and test id as the map it stands in for. */
const MapFrame = React.forwardRef<HTMLDivElement, FrameProps>(function MapFrame({ label, height, testId }, ref) {
  return (
    <div
      ref={ref}
      role="region"
      aria-label={label}
      aria-busy="true"
      data-testid={testId}
      data-map-status="not_loaded"
      className="kw-map relative isolate w-full overflow-hidden rounded-xl border bg-muted"
      style={{ height }}
    />
  );
});

const ItemMapFrame = React.lazy(() => import("./item-map-frame"));

export function DeferredItemMap({ regionLabel, ...props }: ItemMapFrameProps & { regionLabel: string }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const frame = <MapFrame ref={ref} label={regionLabel} height={props.height} testId="item-location-map" />;
  if (!near) return frame;
  return (
    <React.Suspense fallback={frame}>
      <ItemMapFrame {...props} />
    </React.Suspense>
  );
}
