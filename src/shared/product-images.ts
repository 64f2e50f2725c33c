/**
 * A product's gallery (docs/domain.md, "Images"): the first picture is the main one, each has its alt
 * text in Ukrainian (and optionally English) and the widths stored for it. No zod here: the cards and
 * the product page read it (docs/decisions/012-first-load.md).
 */
export interface ProductImage {
  /** The largest stored width; for a picture without stored widths (the demo SVGs) the only one. */
  url: string;
  alt: string;
  altEn: string;
  /** Widths stored beside `url` (`…-400.webp`, `…-800.webp`), smallest first; none for a picture of one size. */
  widths: number[];
}

/** Widths an upload is stored at, smallest first; the last is the URL a product keeps. */
export const UPLOAD_WIDTHS = [400, 800] as const;
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';
export const MAX_PRODUCT_IMAGES = 12;
export const IMAGE_ALT_MAX = 200;

const UPLOAD_URL = /^\/uploads\/[\w-]+-(\d+)\.webp$/;
/** A demo catalogue picture: an SVG the build also renders as WebP at every UPLOAD_WIDTHS (scripts/raster-images.ts). */
const DEMO_PICTURE_URL = /^\/images\/products\/[\w-]+\.svg$/;

/** The widths stored for a picture, known from its address: an upload and a demo picture have every UPLOAD_WIDTHS, anything else none. */
export function storedWidths(url: string): number[] {
  if (DEMO_PICTURE_URL.test(url)) return [...UPLOAD_WIDTHS];
  const match = UPLOAD_URL.exec(url);
  return match && Number(match[1]) === UPLOAD_WIDTHS[UPLOAD_WIDTHS.length - 1] ? [...UPLOAD_WIDTHS] : [];
}

/** A demo picture's WebP at one width: `/images/products/hop.svg` → `/images/products/hop-400.webp`. */
export const demoPictureWidthUrl = (url: string, width: number) => url.replace(/\.svg$/, `-${width}.webp`);

/** `srcset` from the stored widths, or undefined for a picture of one size. */
export function imageSrcSet(image: Pick<ProductImage, 'url' | 'widths'>): string | undefined {
  if (image.widths.length === 0) return undefined;
  if (DEMO_PICTURE_URL.test(image.url)) return image.widths.map((width) => `${demoPictureWidthUrl(image.url, width)} ${width}w`).join(', ');
  if (!UPLOAD_URL.test(image.url)) return undefined;
  return image.widths.map((width) => `${image.url.replace(/-\d+\.webp$/, `-${width}.webp`)} ${width}w`).join(', ');
}

/** `sizes` of a card in the 12/6/4/3-column grid, and of the product page's main picture (half the row from md). */
export const CARD_IMAGE_SIZES = '(min-width: 992px) 25vw, (min-width: 768px) 33vw, (min-width: 576px) 50vw, 100vw';
export const GALLERY_IMAGE_SIZES = '(min-width: 768px) 50vw, 100vw';

/** A picture's alt text in the shopper's language; English falls back to the Ukrainian one. */
export const imageAlt = (image: Pick<ProductImage, 'alt' | 'altEn'>, language: string) => (language === 'en' && image.altEn ? image.altEn : image.alt);
