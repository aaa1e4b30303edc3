/**
 * Product pictures for the demo data, drawn locally (the demo must work offline): a
 * gradient in the category's colours with the category's pictogram, rendered from SVG
 * by sharp to WebP. No text is baked in (no title, category or "2/4" counter: the page
 * shows those itself, in the reader's language, and a picture with words looks like an
 * advert). The same product index always gives the same picture, so
 * a fresh seed looks like the previous one.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import {
  Armchair,
  Baby,
  Bike,
  BookOpen,
  CookingPot,
  Dumbbell,
  Flower2,
  Gem,
  Guitar,
  MonitorSmartphone,
  Shirt,
  ToyBrick,
  type LucideIcon,
} from "lucide-react";
import type { StorageDriver } from "@/lib/platform/storage";
import type { CategorySlug } from "./seed-data";

const WIDTH = 800;
const HEIGHT = 600;
const THUMB_WIDTH = 320;
const THUMB_HEIGHT = 240;
const WEBP_QUALITY = 80;
/** Images rendered at once: keeps memory flat while sharp's thread pool stays busy. */
const CONCURRENCY = 8;

type Art = { icon: LucideIcon; from: string; to: string };

const CATEGORY_ART: Record<CategorySlug, Art> = {
  elektronica: { icon: MonitorSmartphone, from: "#4338ca", to: "#38bdf8" },
  meubels: { icon: Armchair, from: "#92400e", to: "#fbbf24" },
  kleding: { icon: Shirt, from: "#be185d", to: "#f9a8d4" },
  fietsen: { icon: Bike, from: "#065f46", to: "#34d399" },
  boeken: { icon: BookOpen, from: "#9a3412", to: "#fdba74" },
  "huis-tuin": { icon: Flower2, from: "#166534", to: "#bef264" },
  "sport-vrije-tijd": { icon: Dumbbell, from: "#075985", to: "#67e8f9" },
  speelgoed: { icon: ToyBrick, from: "#e11d48", to: "#fcd34d" },
  muziek: { icon: Guitar, from: "#5b21b6", to: "#d8b4fe" },
  "kinderen-baby": { icon: Baby, from: "#0e7490", to: "#fbcfe8" },
  verzamelen: { icon: Gem, from: "#713f12", to: "#facc15" },
  keuken: { icon: CookingPot, from: "#9f1239", to: "#fb923c" },
};

export type ProductPicture = {
  productId: string;
  /** Position in the seed list; seeds the picture's layout. */
  index: number;
  category: CategorySlug;
  imageCount: number;
};

export type StoredImage = { position: number; url: string; thumbUrl: string };

/** Draws and stores every picture; returns them per product id, main image first. */
export async function storeProductImages(
  store: StorageDriver,
  products: readonly ProductPicture[],
): Promise<Map<string, StoredImage[]>> {
  const jobs = products.flatMap((product) =>
    Array.from({ length: product.imageCount }, (_, position) => ({ product, position })),
  );
  const stored: StoredImage[] = [];
  for (let start = 0; start < jobs.length; start += CONCURRENCY) {
    const batch = jobs.slice(start, start + CONCURRENCY);
    stored.push(...(await Promise.all(batch.map((job) => storeImage(store, job.product, job.position)))));
  }
  const byProduct = new Map<string, StoredImage[]>();
  jobs.forEach((job, i) => {
    const list = byProduct.get(job.product.productId) ?? [];
    list.push(stored[i]!);
    byProduct.set(job.product.productId, list);
  });
  return byProduct;
}

async function storeImage(store: StorageDriver, product: ProductPicture, position: number): Promise<StoredImage> {
  const picture = sharp(Buffer.from(pictureSvg(product, position)));
  const [full, thumb] = await Promise.all([
    picture.clone().webp({ quality: WEBP_QUALITY }).toBuffer(),
    picture.clone().resize(THUMB_WIDTH, THUMB_HEIGHT).webp({ quality: WEBP_QUALITY }).toBuffer(),
  ]);
  const base = `products/${product.productId}-${position}`;
  const [main, small] = await Promise.all([
    store.put(`${base}.webp`, full, "image/webp"),
    store.put(`${base}-thumb.webp`, thumb, "image/webp"),
  ]);
  return { position, url: main.url, thumbUrl: small.url };
}

function pictureSvg(product: ProductPicture, position: number): string {
  const art = CATEGORY_ART[product.category];
  const random = seededRandom(product.index * 31 + position);
  const angle = random() * Math.PI;
  const dx = Math.cos(angle) / 2;
  const dy = Math.sin(angle) / 2;

  const bubbles = Array.from({ length: 5 }, () => {
    const cx = Math.round(random() * WIDTH);
    const cy = Math.round(random() * HEIGHT * 0.75);
    const r = Math.round(60 + random() * 160);
    const opacity = (0.06 + random() * 0.12).toFixed(2);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${opacity}"/>`;
  }).join("");

  // Each further photo of a product shows the pictogram from another "angle".
  const iconSize = Math.round(190 + random() * 70);
  const iconX = Math.round(WIDTH / 2 - iconSize / 2 + (random() - 0.5) * 160);
  const iconY = Math.round(HEIGHT / 2 - 20 - iconSize / 2 + (random() - 0.5) * 30);
  const tilt = Math.round((random() - 0.5) * 24);
  const icon = renderToStaticMarkup(
    createElement(art.icon, { size: iconSize, x: iconX, y: iconY, color: "#ffffff", strokeWidth: 1.4 }),
  );

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="${0.5 - dx}" y1="${0.5 - dy}" x2="${0.5 + dx}" y2="${0.5 + dy}">
      <stop offset="0" stop-color="${art.from}"/>
      <stop offset="1" stop-color="${art.to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  ${bubbles}
  <ellipse cx="${iconX + iconSize / 2}" cy="${iconY + iconSize + 12}" rx="${iconSize * 0.45}" ry="14" fill="#000" fill-opacity="0.15"/>
  <g transform="rotate(${tilt} ${iconX + iconSize / 2} ${iconY + iconSize / 2})">${icon}</g>
</svg>`;
}

/** mulberry32: a tiny deterministic PRNG, so a product's picture never changes. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
