import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Pictures for link previews and the price feeds, which take no SVG (docs/seo.md). The build renders
 * every demo picture to a PNG beside its SVG (scripts/raster-images.mjs) and draws the shop's card.
 */
export const SHOP_CARD = { path: '/images/shop-card.png', width: 1200, height: 630 } as const;
const PRODUCT_RASTER_SIDE = 800;

export interface PreviewImage {
  /** The path on the shop, or an absolute address. */
  path: string;
  width?: number;
  height?: number;
}

/** The raster form of a product's picture: the PNG made beside a demo SVG; an upload is WebP already. */
export function rasterImage(image: string): string {
  return image.startsWith('/images/') && image.endsWith('.svg') ? `${image.slice(0, -'.svg'.length)}.png` : image;
}

const uploadSizes = new Map<string, { width: number; height: number } | null>();

/**
 * A product picture for previews, with its size when the shop knows it: the demo PNGs are square;
 * an upload is measured once (its header only) and remembered.
 */
export async function productPreviewImage(image: string, uploadsDir: string): Promise<PreviewImage> {
  const raster = rasterImage(image);
  if (raster !== image) return { path: raster, width: PRODUCT_RASTER_SIDE, height: PRODUCT_RASTER_SIDE };
  const upload = /^\/uploads\/([\w-]+\.webp)$/.exec(image);
  if (!upload) return { path: image };
  if (!uploadSizes.has(upload[1])) {
    const size = await readFile(path.join(uploadsDir, upload[1]))
      .then((bytes) => sharp(bytes).metadata())
      .then(({ width, height }) => (width && height ? { width, height } : null))
      .catch(() => null);
    uploadSizes.set(upload[1], size);
  }
  return { path: image, ...uploadSizes.get(upload[1]) };
}
