"use client";

/**
 * The sell and edit forms keep a draft (./listing-draft.ts stores it):
 * once the user changed something it is saved with every change; on the next mount (a
 * language switch re-renders the page, a reload starts it again) it is put back, unless
 * the user already began typing. While there is unsaved work, leaving asks first.
 */
import * as React from "react";
import type { SelectedLocation } from "@/components/maps/types";
import { useLeaveWarning } from "@/components/lib/use-leave-warning";
import type { ListingDelivery } from "./listing-delivery";
import type { ListingDetails } from "./listing-details";
import { deleteDraft, readDraft, writeDraft, type DraftImage, type ListingDraft } from "./listing-draft";
import type { ListingImage } from "./listing-images";

type FormState = { values: ListingDetails; images: ListingImage[]; location: SelectedLocation | null; delivery: ListingDelivery };

function imagesOf(images: ListingImage[]): DraftImage[] {
  return images.map((image) => (image.kind === "file" ? { kind: "file", file: image.file } : { kind: "remote", url: image.url, preview: image.preview }));
}

export function useListingDraft({
  draftKey,
  state,
  apply,
  leaveMessage,
}: {
  draftKey: string;
  state: FormState;
  /** Puts a kept draft into the form. */
  apply: (draft: ListingDraft) => void;
  leaveMessage: string;
}) {
  const [dirty, setDirty] = React.useState(false);
  const [restored, setRestored] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  const dirtyRef = React.useRef(false);
  const applyRef = React.useRef(apply);
  React.useEffect(() => {
    applyRef.current = apply;
  });

  React.useEffect(() => {
    let live = true;
    void readDraft(draftKey).then((draft) => {
      if (!live) return;
      if (draft && !dirtyRef.current) {
        applyRef.current(draft);
        setRestored(true);
        dirtyRef.current = true;
        setDirty(true);
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [draftKey]);

  const { values, images, location, delivery } = state;
  React.useEffect(() => {
    if (!dirty || !loaded) return;
    void writeDraft(draftKey, { values, images: imagesOf(images), location, delivery, savedAt: Date.now() });
  }, [dirty, loaded, draftKey, values, images, location, delivery]);

  useLeaveWarning(dirty, leaveMessage);

  /** The user changed something. */
  const touch = React.useCallback(() => {
    dirtyRef.current = true;
    setDirty(true);
  }, []);

  /** Saved, or started over: no draft, no warning. */
  const forget = React.useCallback(() => {
    dirtyRef.current = false;
    setDirty(false);
    setRestored(false);
    void deleteDraft(draftKey);
  }, [draftKey]);

  return { restored, touch, forget };
}
