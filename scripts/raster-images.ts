// Link previews (Facebook, Telegram, Viber) and Google Merchant take no SVG (docs/seo.md): the build
// renders each demo picture to a PNG beside it, and draws the shop's own preview card. Cards and
// galleries show the demo pictures as WebP at the widths an upload is stored at: a browser draws an
// SVG picture with text as a document of its own, ~5 ms of a phone's main thread each
// (docs/decisions/012-first-load.md).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { demoPictureWidthUrl, UPLOAD_WIDTHS } from '../src/shared/product-images.ts';

/** The side of a product picture's PNG; the card's size is what link previews ask for. */
export const PRODUCT_RASTER_SIDE = 800;
export const SHOP_CARD = { file: 'shop-card.png', width: 1200, height: 630 };

/** Runs after the web build (npm run build, the browser tests'); the development server renders on request. */
export function rasterImages(): Plugin {
  let outDir = '';
  return {
    name: 'raster-images',
    configResolved(config) {
      if (config.command === 'build') outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (outDir) await renderRasterImages(outDir);
    },
    // The development server renders a demo picture's width when it is asked for.
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const match = /^\/images\/products\/([\w-]+)-(\d+)\.webp$/.exec(request.url ?? '');
        const width = Number(match?.[2]);
        if (!match || !(UPLOAD_WIDTHS as readonly number[]).includes(width)) return next();
        const svg = path.join(server.config.publicDir, 'images', 'products', `${match[1]}.svg`);
        try {
          response.setHeader('content-type', 'image/webp');
          response.end(await demoPictureAt(svg, width).toBuffer());
        } catch {
          next();
        }
      });
    },
  };
}

const demoPictureAt = (svg: string, width: number) =>
  sharp(svg, { density: 72 * (width / 600) * 2 })
    .resize(width, width, { fit: 'contain', background: '#00000000' })
    .webp({ quality: 80 });

export async function renderRasterImages(webDir: string): Promise<number> {
  const dirs = [path.join(webDir, 'images'), path.join(webDir, 'images', 'products')];
  const svgs = dirs.flatMap((dir) => readdirSync(dir).flatMap((name) => (name.endsWith('.svg') ? [path.join(dir, name)] : [])));
  for (const file of svgs) {
    await sharp(file, { density: 144 })
      .resize(PRODUCT_RASTER_SIDE, PRODUCT_RASTER_SIDE, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toFile(file.replace(/\.svg$/, '.png'));
    if (path.basename(path.dirname(file)) === 'products') {
      for (const width of UPLOAD_WIDTHS)
        await demoPictureAt(file, width).toFile(path.join(webDir, demoPictureWidthUrl(`/images/products/${path.basename(file)}`, width)));
    }
  }
  await sharp(Buffer.from(shopCardSvg(readFileSync(path.join(webDir, 'logo.svg'), 'utf8'))))
    .png({ compressionLevel: 9 })
    .toFile(path.join(webDir, 'images', SHOP_CARD.file));
  return svgs.length;
}

/** The card: the logo and the shop's name on its green; DejaVu Sans comes with the system's fonts. */
function shopCardSvg(logo: string): string {
  const inner = logo.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOP_CARD.width}" height="${SHOP_CARD.height}" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#f4f8ef"/>
  <rect y="540" width="1200" height="90" fill="#2e6b34"/>
  <g transform="translate(90 150) scale(4.5)">${inner}</g>
  <text x="430" y="270" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="bold" fill="#1f4a24">Хмільна крамниця</text>
  <text x="430" y="350" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#33433a">Хміль, дріжджі, солод</text>
  <text x="430" y="400" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#33433a">і обладнання для пивоварів</text>
  <text x="90" y="598" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#ffffff">Доставка Новою поштою по всій Україні</text>
</svg>`;
}
