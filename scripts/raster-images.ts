// Link previews (Facebook, Telegram, Viber) and Google Merchant take no SVG (docs/seo.md): the build
// renders each demo picture to a PNG beside it, and draws the shop's own preview card.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The side of a product picture's PNG; the card's size is what link previews ask for. */
export const PRODUCT_RASTER_SIDE = 800;
export const SHOP_CARD = { file: 'shop-card.png', width: 1200, height: 630 };

/** Runs after the web build: every build of the web app (npm run build, the browser tests') has them. */
export function rasterImages(): Plugin {
  let outDir = '';
  return {
    name: 'raster-images',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (outDir) await renderRasterImages(outDir);
    },
  };
}

export async function renderRasterImages(webDir: string): Promise<number> {
  const dirs = [path.join(webDir, 'images'), path.join(webDir, 'images', 'products')];
  const svgs = dirs.flatMap((dir) => readdirSync(dir).flatMap((name) => (name.endsWith('.svg') ? [path.join(dir, name)] : [])));
  for (const file of svgs) {
    await sharp(file, { density: 144 })
      .resize(PRODUCT_RASTER_SIDE, PRODUCT_RASTER_SIDE, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toFile(file.replace(/\.svg$/, '.png'));
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
