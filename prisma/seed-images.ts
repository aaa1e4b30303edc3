/**
 * Product pictures for the demo data, drawn locally (the demo must work offline): a
 * gradient in the category's colours, the category's pictogram and the product title,
 * rendered from SVG by sharp to WebP. The same product index always gives the same
 * picture, so a fresh seed looks like the previous one.
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
// Whatever sans-serif the machine has; DejaVu ships with most Linux images.
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

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
  title: string;
  category: CategorySlug;
  categoryLabel: string;
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
  const iconY = Math.round(235 - iconSize / 2 + (random() - 0.5) * 30);
  const tilt = Math.round((random() - 0.5) * 24);
  const icon = renderToStaticMarkup(
    createElement(art.icon, { size: iconSize, x: iconX, y: iconY, color: "#ffffff", strokeWidth: 1.4 }),
  );

  const counter =
    product.imageCount > 1
      ? `<rect x="${WIDTH - 100}" y="28" width="72" height="40" rx="20" fill="#000" fill-opacity="0.25"/>` +
        `<text x="${WIDTH - 64}" y="55" font-size="20" fill="#fff" text-anchor="middle">${position + 1}/${product.imageCount}</text>`
      : "";

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">
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
  ${categoryChip(product.categoryLabel, art.from)}
  ${counter}
  ${titleBand(product.title)}
</svg>`;
}

function categoryChip(label: string, colour: string): string {
  // No font metrics in SVG: estimate the width (about 0.6 em per character).
  const width = Math.round(label.length * 12.5 + 40);
  return (
    `<rect x="28" y="28" width="${width}" height="40" rx="20" fill="#fff" fill-opacity="0.92"/>` +
    `<text x="${28 + width / 2}" y="55" font-size="20" font-weight="bold" fill="${colour}" text-anchor="middle">${escapeXml(label)}</text>`
  );
}

const TITLE_TOP = 460;
const TITLE_FONT_SIZE = 38;
const TITLE_LINE_CHARS = 32;

function titleBand(title: string): string {
  const lines = titleLines(title, TITLE_LINE_CHARS);
  const lineHeight = TITLE_FONT_SIZE * 1.25;
  const firstBaseline = TITLE_TOP + (HEIGHT - TITLE_TOP) / 2 - ((lines.length - 1) * lineHeight) / 2 + TITLE_FONT_SIZE * 0.35;
  const text = lines
    .map(
      (line, i) =>
        `<text x="${WIDTH / 2}" y="${Math.round(firstBaseline + i * lineHeight)}" font-size="${TITLE_FONT_SIZE}" font-weight="bold" fill="#fff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<rect y="${TITLE_TOP}" width="${WIDTH}" height="${HEIGHT - TITLE_TOP}" fill="#000" fill-opacity="0.32"/>${text}`;
}

/**
 * One line when the title fits, otherwise two lines of about equal length (no lone word
 * on the second line); what does not fit in two lines is cut off with an ellipsis.
 */
function titleLines(title: string, maxChars: number): string[] {
  if (title.length <= maxChars) return [title];
  const words = title.split(" ");
  const splits = words
    .slice(1)
    .map((_, i) => [words.slice(0, i + 1).join(" "), words.slice(i + 1).join(" ")] as const)
    .filter(([first]) => first.length <= maxChars);
  if (splits.length === 0) return [truncate(title, maxChars)];
  const longest = (split: readonly [string, string]) => Math.max(split[0].length, split[1].length);
  const fitting = splits.filter(([, second]) => second.length <= maxChars);
  const [first, second] =
    fitting.length > 0
      ? fitting.reduce((best, split) => (longest(split) < longest(best) ? split : best))
      : splits[splits.length - 1]!;
  return [first, truncate(second, maxChars)];
}

function truncate(text: string, maxChars: number): string {
  return text.length <= maxChars ? text : `${text.slice(0, maxChars - 1)}…`;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
