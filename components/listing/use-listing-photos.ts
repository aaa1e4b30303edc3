"use client";

/**
 * The sell form's photos: the list (already uploaded ones and picked files), the object
 * URLs of the previews (none outlives the page), and marking a file as uploaded.
 */
import * as React from "react";
import { MAX_IMAGES } from "@/lib/domains/catalog/client";
import type { DraftImage } from "./listing-draft";
import type { ListingImage } from "./listing-images";

let imageKeys = 0;
const nextImageKey = () => `image-${++imageKeys}`;

export function useListingPhotos(initial: { url: string; preview: string }[] | undefined) {
  const [images, setImages] = React.useState<ListingImage[]>(
    () => initial?.map((image) => ({ key: nextImageKey(), kind: "remote", ...image })) ?? [],
  );
  // Every object URL this form made, so none outlives the page.
  const objectUrls = React.useRef(new Set<string>());

  React.useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
    };
  }, []);

  const release = React.useCallback((image: ListingImage) => {
    if (objectUrls.current.delete(image.preview)) URL.revokeObjectURL(image.preview);
  }, []);

  const add = React.useCallback((files: File[]) => {
    const added = files.map((file): ListingImage => {
      const preview = URL.createObjectURL(file);
      objectUrls.current.add(preview);
      return { key: nextImageKey(), kind: "file", file, preview };
    });
    setImages((current) => [...current, ...added].slice(0, MAX_IMAGES));
  }, []);

  const remove = React.useCallback(
    (key: string) => {
      setImages((current) => {
        const removed = current.find((image) => image.key === key);
        if (removed) release(removed);
        return current.filter((image) => image.key !== key);
      });
    },
    [release],
  );

  const makeMain = React.useCallback((key: string) => {
    setImages((current) => {
      const chosen = current.find((image) => image.key === key);
      return chosen ? [chosen, ...current.filter((image) => image !== chosen)] : current;
    });
  }, []);

  /** The files uploaded so far become remote photos (a retry does not upload them again). */
  const markUploaded = React.useCallback((urls: ReadonlyMap<string, string>) => {
    if (urls.size === 0) return;
    setImages((current) =>
      current.map((item) => {
        const url = urls.get(item.key);
        return url && item.kind === "file" ? { key: item.key, kind: "remote", url, preview: item.preview } : item;
      }),
    );
  }, []);

  /** The photos of a kept draft (./listing-draft.ts), picked files with new previews. */
  const restore = React.useCallback((kept: DraftImage[]) => {
    const next = kept.slice(0, MAX_IMAGES).map((image): ListingImage => {
      if (image.kind === "remote") return { key: nextImageKey(), ...image };
      const preview = URL.createObjectURL(image.file);
      objectUrls.current.add(preview);
      return { key: nextImageKey(), kind: "file", file: image.file, preview };
    });
    setImages((current) => {
      current.forEach(release);
      return next;
    });
  }, [release]);

  const clear = React.useCallback(() => {
    setImages((current) => {
      current.forEach(release);
      return [];
    });
  }, [release]);

  return { images, add, remove, makeMain, markUploaded, clear, restore };
}
