/**
 * Site-wide settings the server-rendered pages need: absolute URLs for metadata (Open
 * Graph, canonical links, JSON-LD) and the public map settings. Server only: it reads
 * lib/platform/env.ts, which parses process.env.
 */
import type { Metadata } from "next";
import { env } from "@/lib/platform/env";

/** The public origin, e.g. https://kringwaar.nl (no trailing slash). */
export function appUrl(): string {
  return env().APP_URL;
}

/**
 * An absolute URL for a path of this site ("/product/1", "/uploads/a.webp"). URLs that
 * are absolute already (images on an S3 host or CDN) are returned as they are.
 */
export function absoluteUrl(pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${appUrl()}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** Props for the map components: the browser key is public by design (it is sent to Google). */
export function mapSettings(): { googleMapsKey?: string; googleMapId?: string } {
  const config = env();
  return { googleMapsKey: config.GOOGLE_MAPS_BROWSER_KEY, googleMapId: config.GOOGLE_MAPS_MAP_ID };
}

export type PageMetadataInput = {
  title: string;
  description: string;
  /** The page's path ("/browse?category=Fietsen"); becomes the canonical and og:url. */
  path: string;
  /** Site paths or absolute URLs; the first is the preview image. */
  images?: { url: string; alt?: string; width?: number; height?: number }[];
  locale: string;
  type?: "website" | "profile";
  /** Leave the page out of search engines (empty results, errors). */
  noIndex?: boolean;
};

/** The default share picture: the app icon. */
const DEFAULT_IMAGE = { url: "/icons/icon-512.png", width: 512, height: 512 };

/** Title, description, canonical URL, Open Graph and Twitter card for a page. */
export function pageMetadata(input: PageMetadataInput): Metadata {
  const url = absoluteUrl(input.path);
  const images = (input.images?.length ? input.images : [{ ...DEFAULT_IMAGE, alt: "Kringwaar" }]).map((image) => ({
    ...image,
    url: absoluteUrl(image.url),
  }));
  return {
    title: input.title,
    description: input.description,
    alternates: { canonical: url },
    openGraph: {
      type: input.type ?? "website",
      siteName: "Kringwaar",
      title: input.title,
      description: input.description,
      url,
      locale: input.locale === "en" ? "en_GB" : "nl_NL",
      images,
    },
    twitter: {
      card: input.images?.length ? "summary_large_image" : "summary",
      title: input.title,
      description: input.description,
      images: images.map((image) => image.url),
    },
    ...(input.noIndex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** A description for meta tags: one line, at most `max` characters, cut at a word. */
export function metaDescription(text: string, max = 160): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}
