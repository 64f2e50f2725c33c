import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { UPLOAD_WIDTHS } from '../../../shared/product-images.js';
import { AppError } from '../../errors.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Stored widths, smallest first; the last is the product image, the others serve small screens (srcset). */
export const IMAGE_WIDTHS = UPLOAD_WIDTHS;
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageType = 'jpeg' | 'png' | 'webp';

export class UnsupportedImage extends AppError<'UNSUPPORTED_IMAGE'> {
  constructor() {
    super('UNSUPPORTED_IMAGE');
  }
}
export class FileTooLarge extends AppError<'FILE_TOO_LARGE'> {
  constructor() {
    super('FILE_TOO_LARGE');
  }
}

/** What the bytes say the file is; the name and the client's content type are never trusted. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (offset: number, ...sig: number[]) => sig.every((b, i) => bytes[offset + i] === b);
  if (starts(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (starts(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  // RIFF....WEBP
  if (starts(0, 0x52, 0x49, 0x46, 0x46) && starts(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  return null;
}

export interface StoredImage {
  image: string;
  sizes: { width: number; url: string }[];
}

/**
 * Re-encodes an uploaded picture as WebP at each of IMAGE_WIDTHS under a server-made name.
 * Re-encoding also drops whatever else the file carried (metadata, trailing bytes).
 */
export async function storeProductImage(bytes: Buffer, uploadsDir: string, urlPrefix = '/uploads'): Promise<StoredImage> {
  const type = detectImageType(bytes);
  if (!type) throw new UnsupportedImage();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  try {
    const meta = await sharp(bytes, options).metadata();
    if (meta.format !== type) throw new UnsupportedImage();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new UnsupportedImage();
  }

  await mkdir(uploadsDir, { recursive: true });
  const id = randomUUID();
  const written: string[] = [];
  try {
    const sizes = [];
    for (const width of IMAGE_WIDTHS) {
      const name = `${id}-${width}.webp`;
      const file = path.join(uploadsDir, name);
      written.push(file);
      await sharp(bytes, options)
        .rotate() // honours the camera's orientation before the metadata is dropped
        .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(file);
      sizes.push({ width, url: `${urlPrefix}/${name}` });
    }
    return { image: sizes[sizes.length - 1].url, sizes };
  } catch (err) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw err instanceof AppError ? err : new UnsupportedImage();
  }
}
