/// <reference types="node" />
/**
 * Generates one small SVG illustration per demo product into
 * src/web/public/images/products/<slug>.svg, plus
 * src/web/public/images/placeholder.svg.
 *
 * Run: npx tsx scripts/make-product-images.ts
 * Uses Node built-ins only; the drawings are deterministic (same catalogue → same files).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoCatalog, type DemoProduct } from '../src/server/seed/demo-catalog';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'src/web/public/images/products');
const PLACEHOLDER = join(ROOT, 'src/web/public/images/placeholder.svg');
const FONT = 'font-family="sans-serif"';

// ───────────────────────────── helpers ─────────────────────────────

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** FNV-1a, used to vary colours/details deterministically per product. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (const ch of s) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** HSL → #rrggbb (hex keeps the files readable by every SVG renderer). */
function hsl(h: number, s: number, l: number): string {
  const hh = (((h % 360) + 360) % 360) / 360;
  const ss = s / 100;
  const ll = l / 100;
  const f = (n: number): string => {
    const k = (n + hh * 12) % 12;
    const a = ss * Math.min(ll, 1 - ll);
    const c = ll - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

const r1 = (n: number): string => String(Math.round(n * 10) / 10);

/** Font size so that `text` fits into `width` px (rough average glyph width). */
function fit(text: string, width: number, max: number, glyph = 0.6): number {
  return Math.floor(Math.min(max, width / (Math.max(text.length, 1) * glyph)));
}

/** Splits text into at most two lines of roughly `max` characters. */
function wrap2(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const words = text.split(' ');
  let best = [text];
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const score = Math.max(a.length, b.length);
    if (score < bestScore) {
      bestScore = score;
      best = [a, b];
    }
  }
  return best;
}

function text(x: number, y: number, s: string, size: number, fill: string, extra = ''): string {
  return `<text x="${r1(x)}" y="${r1(y)}" font-size="${size}" fill="${fill}" text-anchor="middle"${extra ? ' ' + extra : ''}>${esc(s)}</text>`;
}

/** Complete document with soft radial background and a ground shadow. */
function svgDoc(title: string, bgHue: number, defs: string, body: string, shadowY = 452): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" ${FONT}>` +
    `<title>${esc(title)}</title>` +
    `<defs><radialGradient id="bg" cx=".5" cy=".38" r=".75">` +
    `<stop offset="0" stop-color="${hsl(bgHue, 70, 97)}"/><stop offset="1" stop-color="${hsl(bgHue, 45, 85)}"/>` +
    `</radialGradient>${defs}</defs>` +
    `<rect width="600" height="600" fill="url(#bg)"/>` +
    `<ellipse cx="300" cy="${shadowY}" rx="170" ry="18" fill="#000" opacity=".09"/>` +
    body +
    `</svg>\n`
  );
}

/** White caption card at the bottom: bold title (1–2 lines) + grey subtitle. */
function caption(title: string, subtitle: string, accent: string): string {
  const lines = wrap2(title, 24);
  const two = lines.length > 1;
  const longest = Math.max(...lines.map((l) => l.length));
  const size = fit('x'.repeat(longest), 480, two ? 30 : 40, 0.56);
  const y = two ? 456 : 472;
  const h = 580 - y - 4;
  let out =
    `<rect x="40" y="${y}" width="520" height="${h}" rx="22" fill="#fff" opacity=".88"/>` +
    `<rect x="40" y="${y}" width="8" height="${h}" rx="4" fill="${accent}"/>`;
  lines.forEach((l, i) => {
    out += text(304, (two ? 492 : 522) + i * (size + 4), l, size, '#2b2b2b', 'font-weight="700"');
  });
  out += text(304, 561, subtitle, fit(subtitle, 480, two ? 22 : 24, 0.55), '#666');
  return out;
}

// ─────────────────────────────── hops ──────────────────────────────

const HOP_COUNTRY: Record<string, { hue: number; uk: string }> = {
  USA: { hue: 96, uk: 'США' },
  Germany: { hue: 112, uk: 'Німеччина' },
  'Czech Republic': { hue: 82, uk: 'Чехія' },
  Slovenia: { hue: 124, uk: 'Словенія' },
  England: { hue: 138, uk: 'Англія' },
  Australia: { hue: 72, uk: 'Австралія' },
  'New Zealand': { hue: 152, uk: 'Нова Зеландія' },
  'South Africa': { hue: 62, uk: 'ПАР' },
};

function hopSvg(p: DemoProduct): string {
  const c = HOP_COUNTRY[p.producer] ?? { hue: 100, uk: p.producer };
  const rand = rng(hash(p.slug));
  const hue = c.hue + (rand() * 10 - 5);
  const variety = p.name.replace(/^Хміль\s+/, '').replace(/\s*\(.*$/, '');
  const widths = [0, 26, 50, 70, 76, 70, 54, 30, 0];
  let bracts = '';
  for (let row = widths.length - 1; row >= 0; row--) {
    const w = widths[row] ?? 0;
    const odd = row % 2 === 1;
    const xs: number[] = [];
    for (let x = odd ? 24 : 0; x <= w + 1; x += 48) {
      xs.push(x);
      if (x !== 0) xs.push(-x);
    }
    xs.sort((a, b) => Math.abs(b) - Math.abs(a)); // outer first, centre on top
    for (const x of xs) {
      const shade = Math.abs(x) > 40 ? 'd' : Math.abs(x) > 10 ? 'm' : 'l';
      bracts += `<use href="#${shade}" x="${300 + x}" y="${118 + row * 36}"/>`;
    }
  }
  const bract = 'M0-40C28-40 42-12 36 10C30 30 14 40 0 50C-14 40-30 30-36 10C-42-12-28-40 0-40Z';
  const defs =
    `<path id="bp" d="${bract}"/>` +
    (['d', 'm', 'l'] as const)
      .map((k, i) => {
        const l = [34, 42, 50][i] ?? 42;
        return `<g id="${k}"><use href="#bp" fill="${hsl(hue, 55, l)}" stroke="${hsl(hue, 60, 24)}" stroke-width="2.5"/><path d="M0-26V38" stroke="${hsl(hue, 50, l + 14)}" stroke-width="3" stroke-linecap="round"/></g>`;
      })
      .join('');
  const leaf =
    `<path d="M318 82C356 30 430 28 462 52C440 96 376 118 318 82Z" fill="${hsl(hue + 8, 50, 38)}"/>` +
    `<path d="M320 82C370 64 410 56 458 54" stroke="${hsl(hue + 8, 45, 58)}" stroke-width="3" fill="none"/>`;
  const stem = `<path d="M300 86C300 60 290 44 270 34" stroke="${hsl(hue, 45, 28)}" stroke-width="8" fill="none" stroke-linecap="round"/>`;
  const alfa = p.alphaAcid !== undefined ? `α ${String(p.alphaAcid).replace('.', ',')} %` : '';
  const sub = [c.uk, alfa, p.cropYear ? `урожай ${p.cropYear}` : ''].filter(Boolean).join(' · ');
  const tilt = r1(rand() * 14 - 7);
  const flip = rand() < 0.5 ? ' translate(600 0) scale(-1 1)' : '';
  const plant = `<g transform="rotate(${tilt} 300 260)${flip}">${stem}${leaf}${bracts}</g>`;
  return svgDoc(p.name, hue, defs, plant + caption(variety, sub, hsl(hue, 55, 40)), 448);
}

// ─────────────────────────────── yeast ─────────────────────────────

const YEAST_BRAND: Record<string, { main: string; dark: string; hue: number }> = {
  Fermentis: { main: '#c8242f', dark: '#8e1620', hue: 8 },
  Lallemand: { main: '#1f4e8c', dark: '#133261', hue: 215 },
};

function yeastSvg(p: DemoProduct): string {
  const b = YEAST_BRAND[p.producer] ?? { main: '#5b6770', dark: '#39424a', hue: 200 };
  const m = /(SafAle|SafLager|LalBrew)\s+([^,]+)/.exec(p.name);
  const series = m?.[1] ?? p.producer;
  const strain = m?.[2] ?? p.name;
  const lager = p.fermentationType === 'bottom';
  const rand = rng(hash(p.slug));
  const tilt = r1(rand() * 8 - 4);
  // crimped top edge (a zig-zag strip); the bottom one is drawn the same way
  let crimpTop = 'M176 92';
  for (let x = 176; x < 424; x += 16) crimpTop += `L${x + 8} 80L${x + 16} 92`;
  const body =
    `<rect x="176" y="92" width="248" height="368" rx="6" fill="#fbfaf7" stroke="#d8d4cc" stroke-width="3"/>` +
    `<path d="${crimpTop}Z" fill="${b.dark}"/>` +
    `<rect x="176" y="92" width="248" height="104" fill="${b.main}"/>` +
    `<rect x="176" y="420" width="248" height="40" fill="${b.main}"/>`;
  let zig = 'M176 460';
  for (let x = 176; x < 424; x += 16) zig += `L${x + 8} 472L${x + 16} 460`;
  const bottomCrimp = `<path d="${zig}Z" fill="${b.dark}"/>`;
  const lines = strain.length > 9 && strain.includes(' ') ? wrap2(strain, 9) : [strain];
  const longest = Math.max(...lines.map((l) => l.length));
  const size = fit('x'.repeat(longest), 220, lines.length > 1 ? 42 : 60, 0.62);
  let code = '';
  const y0 = lines.length > 1 ? 288 : 306;
  lines.forEach((l, i) => {
    code += text(300, y0 + i * (size + 6), l, size, '#1f1f1f', 'font-weight="800"');
  });
  // yeast cells
  let cells = '';
  for (let i = 0; i < 5; i++) {
    const cx = 206 + i * 47 + rand() * 10;
    const cy = 364 + rand() * 10;
    const rr = 8 + rand() * 5;
    cells += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rr)}" fill="${b.main}" opacity=".18"/>`;
  }
  const chipFill = lager ? '#2f80c9' : '#e09a1e';
  const chip =
    `<rect x="240" y="206" width="120" height="30" rx="15" fill="${chipFill}"/>` +
    text(300, 228, lager ? 'LAGER' : 'ALE', 18, '#fff', 'font-weight="700" letter-spacing="2"');
  const content =
    body +
    bottomCrimp +
    text(300, 140, p.producer.toUpperCase(), fit(p.producer, 200, 30, 0.7), '#fff', 'font-weight="800" letter-spacing="2"') +
    text(300, 178, series, 26, '#fff', 'font-style="italic"') +
    chip +
    code +
    cells +
    text(300, 406, p.fermentationTemperature ?? '', 26, '#444', 'font-weight="700"') +
    text(300, 449, '500 г', 24, '#fff', 'font-weight="700"');
  return svgDoc(p.name, b.hue, '', `<g transform="rotate(${tilt} 300 280)">${content}</g>`, 500);
}

// ─────────────────────────────── malt ──────────────────────────────

function maltColour(name: string): string {
  const n = name.toLowerCase();
  if (n.includes('carafa')) return '#2a1a12';
  if (n.includes('chocolat')) return '#4b2c1b';
  if (n.includes('caramunich') || n.includes('caramel')) return '#8c4a1f';
  if (n.includes('red')) return '#a4482a';
  if (n.includes('munich')) return '#c27a34';
  if (n.includes('vienna')) return '#cf9a4c';
  if (n.includes('pale ale')) return '#d9ad5c';
  return '#e8c678'; // pilsner, wheat
}

function maltSvg(p: DemoProduct): string {
  const label = p.name
    .replace(/^Солод\s+/, '')
    .replace(p.producer, '')
    .replace(/,.*$/, '')
    .trim();
  const kernel = maltColour(p.name);
  const rand = rng(hash(p.slug));
  const big = p.weight >= 5;
  const sack = big ? '#cfae7c' : '#dcc29a';
  const lines = wrap2(label, 10);
  const longest = Math.max(...lines.map((l) => l.length));
  const size = fit('x'.repeat(longest), 216, lines.length > 1 ? 34 : 46, 0.6);
  let name = '';
  const y0 = lines.length > 1 ? 304 : 320;
  lines.forEach((l, i) => {
    name += text(300, y0 + i * (size + 4), l, size, '#3b2a1a', 'font-weight="800"');
  });
  let grains = '';
  for (let i = 0; i < 24; i++) {
    const x = 130 + rand() * 340;
    const d = Math.abs(x - 300) / 170;
    const y = 452 - rand() * 30 * (1 - d * d) - 4;
    grains += `<use href="#k" transform="translate(${Math.round(x)} ${Math.round(y)})rotate(${Math.round(rand() * 180)})"/>`;
  }
  const body =
    `<path d="M196 150C170 230 150 330 160 430C220 452 380 452 440 430C450 330 430 230 404 150Z" fill="${sack}" stroke="#a88a5c" stroke-width="4"/>` +
    `<path d="M206 152C230 120 250 82 236 62C268 76 286 70 300 56C314 70 336 76 364 62C350 82 370 120 394 152Z" fill="${sack}" stroke="#a88a5c" stroke-width="4"/>` +
    `<path d="M198 146C260 160 340 160 402 146" stroke="#7b5a32" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M176 204C260 216 340 216 424 204M166 402C260 414 340 414 434 402" stroke="#b89b6c" stroke-width="3" stroke-dasharray="10 8" fill="none"/>` +
    `<rect x="180" y="226" width="240" height="160" rx="10" fill="#fffaf0" stroke="${kernel}" stroke-width="5"/>` +
    text(300, 260, p.producer.toUpperCase(), fit(p.producer, 180, 22, 0.72), '#8a6a3a', 'font-weight="700" letter-spacing="2"') +
    name +
    text(300, 374, `${String(p.weight).replace('.', ',')} кг`, 22, '#6b5a44', 'font-weight="700"') +
    `<g fill="${kernel}" stroke="#00000033" stroke-width="1.5">${grains}</g>`;
  const defs = '<ellipse id="k" rx="12" ry="6.5"/>';
  return svgDoc(p.name, 28 + (hash(p.slug) % 20), defs, body, 456);
}

// ───────────────────────────── equipment ───────────────────────────

const METAL =
  '<linearGradient id="mt" x1="0" x2="1"><stop offset="0" stop-color="#7d8791"/><stop offset=".45" stop-color="#f1f4f6"/><stop offset="1" stop-color="#8e98a2"/></linearGradient>';

function kegIcon(a: string): string {
  return (
    `<path d="M236 70h128v30H236z" fill="#3a3f44"/><rect x="258" y="54" width="84" height="22" rx="8" fill="none" stroke="#3a3f44" stroke-width="8"/>` +
    `<rect x="200" y="96" width="200" height="334" rx="26" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<rect x="196" y="96" width="208" height="34" rx="14" fill="#2f3438"/><rect x="196" y="408" width="208" height="34" rx="14" fill="#2f3438"/>` +
    `<rect x="246" y="84" width="26" height="18" rx="4" fill="#9aa3ab"/><rect x="328" y="84" width="26" height="18" rx="4" fill="#9aa3ab"/>` +
    `<path d="M202 200H398M202 340H398" stroke="#7d8791" stroke-width="4"/>` +
    `<rect x="244" y="232" width="112" height="76" rx="10" fill="${a}"/><path d="M266 270h68" stroke="#fff" stroke-width="8" stroke-linecap="round"/>`
  );
}

function fittingIcon(a: string): string {
  return (
    `<path d="M300 64C300 30 380 24 430 40" stroke="#d9e6ee" stroke-width="22" fill="none" stroke-linecap="round" opacity=".9"/>` +
    `<rect x="284" y="60" width="32" height="110" rx="6" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
    `<path d="M280 84h40M280 108h40M280 132h40" stroke="#6d7780" stroke-width="6"/>` +
    `<path d="M248 168h104l14 26H234z" fill="#9aa3ab"/>` +
    `<rect x="234" y="192" width="132" height="150" rx="14" fill="${a}"/>` +
    `<path d="M252 214v104" stroke="#fff" stroke-width="8" opacity=".3" stroke-linecap="round"/>` +
    `<rect x="218" y="336" width="164" height="52" rx="12" fill="${a}"/><path d="M218 356h164" stroke="#000" stroke-width="3" opacity=".25"/>` +
    `<rect x="262" y="388" width="76" height="34" rx="6" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>`
  );
}

function headIcon(a: string): string {
  return (
    `<path d="M300 150V70h110" stroke="#9aa3ab" stroke-width="22" fill="none" stroke-linejoin="round"/>` +
    `<rect x="210" y="150" width="180" height="170" rx="18" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<rect x="150" y="210" width="62" height="32" rx="6" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/><circle cx="148" cy="226" r="22" fill="${a}"/>` +
    `<path d="M388 200L470 150" stroke="#4b5258" stroke-width="20" stroke-linecap="round"/><circle cx="474" cy="148" r="20" fill="${a}"/>` +
    `<ellipse cx="300" cy="330" rx="118" ry="26" fill="#6d7780"/><ellipse cx="300" cy="322" rx="118" ry="26" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<rect x="262" y="346" width="76" height="70" rx="8" fill="#4b5258"/><path d="M268 366h64M268 386h64" stroke="#7d8791" stroke-width="5"/>`
  );
}

function coolerIcon(a: string): string {
  let back = '';
  let front = '';
  for (let i = 0; i < 7; i++) {
    const y = 168 + i * 36;
    back += `M180 ${y}A120 28 0 0 1 420 ${y}`;
    front += `M180 ${y}A120 28 0 0 0 420 ${y + 36}`;
  }
  return (
    `<path d="M186 168V70h-40M414 168V84h40" stroke="${a}" stroke-width="16" fill="none" stroke-linecap="round"/>` +
    `<path d="${back}" stroke="${a}" stroke-width="16" fill="none" opacity=".55"/>` +
    `<path d="${front}" stroke="${a}" stroke-width="18" fill="none" stroke-linecap="round"/>` +
    `<path d="${front}" stroke="#fff" stroke-width="4" fill="none" opacity=".35" transform="translate(0 -5)"/>`
  );
}

function tapIcon(a: string): string {
  return (
    `<rect x="96" y="222" width="150" height="40" rx="8" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
    `<rect x="120" y="206" width="20" height="72" rx="4" fill="#9aa3ab"/>` +
    `<path d="M286 210L272 60h56l-14 150z" fill="${a}"/><path d="M284 74h32" stroke="#fff" stroke-width="6" opacity=".35" stroke-linecap="round"/>` +
    `<rect x="240" y="200" width="124" height="80" rx="30" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<path d="M286 278h28l-4 76h-20z" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
    `<path d="M300 372c-12 18-14 30 0 36 14-6 12-18 0-36z" fill="#e0a21b"/>`
  );
}

function spoutIcon(a: string): string {
  let bubbles = '';
  for (let i = 0; i < 6; i++) bubbles += `<circle cx="${250 + i * 20}" cy="${330 + (i % 3) * 28}" r="${3 + (i % 2) * 2}" fill="#fff" opacity=".6"/>`;
  return (
    `<rect x="250" y="50" width="100" height="56" rx="20" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<path d="M288 104h24v300h-24z" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
    `<path d="M206 214h188l-20 220H226z" fill="#e6a52a" opacity=".92"/>` +
    `<path d="M206 214c20-30 56-26 66-14 14-22 56-22 70-2 16-16 46-10 52 16v24H206z" fill="#fffaf0"/>` +
    bubbles +
    `<path d="M200 184h200l-24 256H224z" fill="none" stroke="${a}" stroke-width="6" stroke-linejoin="round"/>`
  );
}

function regulatorIcon(a: string): string {
  const gauge = (cx: number, ang: number): string =>
    `<circle cx="${cx}" cy="190" r="70" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<circle cx="${cx}" cy="190" r="56" fill="#fff" stroke="${a}" stroke-width="6"/>` +
    `<path d="M${cx - 38} 218A46 46 0 1 1 ${cx + 38} 218" stroke="#c6cbd0" stroke-width="8" fill="none"/>` +
    `<path d="M${cx} 190l${r1(40 * Math.cos(ang))} ${r1(-40 * Math.sin(ang))}" stroke="#d23a2a" stroke-width="5" stroke-linecap="round"/><circle cx="${cx}" cy="190" r="7" fill="#333"/>`;
  return (
    `<rect x="220" y="210" width="160" height="130" rx="20" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<path d="M252 330h96v46h-96z" fill="#9aa3ab"/>` +
    `<rect x="230" y="370" width="140" height="40" rx="12" fill="${a}"/>` +
    `<rect x="380" y="262" width="70" height="28" rx="6" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
    gauge(190, 2.2) +
    gauge(410, 0.9)
  );
}

function columnIcon(a: string, taps: number): string {
  const xs = taps === 1 ? [300] : taps === 2 ? [220, 380] : [190, 300, 410];
  let t = '';
  for (const x of xs) {
    t +=
      `<path d="M${x - 10} 150L${x - 16} 60h32l-6 90z" fill="${a}"/>` +
      `<rect x="${x - 24}" y="148" width="48" height="50" rx="14" fill="url(#mt)" stroke="#6d7780" stroke-width="2"/>` +
      `<rect x="${x - 8}" y="196" width="16" height="34" rx="3" fill="#9aa3ab"/>`;
  }
  return (
    `<rect x="130" y="${taps === 1 ? 160 : 172}" width="340" height="44" rx="22" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<rect x="272" y="200" width="56" height="200" fill="url(#mt)" stroke="#6d7780" stroke-width="3"/>` +
    `<ellipse cx="300" cy="402" rx="70" ry="14" fill="#8e98a2"/>` +
    t +
    `<rect x="60" y="406" width="480" height="36" rx="6" fill="#8a5a36"/><rect x="60" y="406" width="480" height="8" fill="#a87550"/>`
  );
}

function hydrometerIcon(a: string): string {
  let ticks = '';
  for (let i = 0; i < 8; i++) ticks += `M296 ${96 + i * 14}h${i % 2 ? 8 : 14}`;
  return (
    `<rect x="226" y="170" width="148" height="270" rx="14" fill="#fff" opacity=".55" stroke="#9fb2bf" stroke-width="4"/>` +
    `<rect x="232" y="210" width="136" height="224" rx="10" fill="#e3a632"/>` +
    `<rect x="232" y="210" width="136" height="14" fill="#fff6dc"/>` +
    `<rect x="290" y="70" width="20" height="240" rx="8" fill="#f7fbff" stroke="#7f96a6" stroke-width="3"/>` +
    `<path d="${ticks}" stroke="${a}" stroke-width="3"/>` +
    `<path d="M300 296c-26 0-30 24-30 56 0 30 12 52 30 52s30-22 30-52c0-32-4-56-30-56z" fill="#f7fbff" stroke="#7f96a6" stroke-width="3" opacity=".9"/>` +
    `<ellipse cx="300" cy="392" rx="16" ry="10" fill="#5b6770"/>` +
    `<path d="M214 170h172" stroke="#9fb2bf" stroke-width="8" stroke-linecap="round"/>`
  );
}

const EQUIPMENT_UK: Record<string, string> = {
  Kegs: 'Кеги',
  Fittings: 'Фітинги',
  Heads: 'Заправні головки',
  Coolers: 'Охолодження',
  BeerTaps: 'Пивні крани',
  Defoamers: 'Піногасники',
  Reducers: 'Редуктори',
  BeerColumns: 'Пивні колони',
  Accessories: 'Аксесуари',
};

function equipmentSvg(p: DemoProduct): string {
  const h = hash(p.slug);
  const hue = h % 360;
  let accent = hsl(hue, 62, 46);
  const n = p.name.toLowerCase();
  let icon: string;
  switch (p.category) {
    case 'Kegs':
      icon = kegIcon(accent);
      break;
    case 'Fittings':
      if (n.includes('газов')) accent = '#8d949b';
      if (n.includes('рідин')) accent = '#2b2f33';
      icon = fittingIcon(accent);
      break;
    case 'Heads':
      icon = headIcon(accent);
      break;
    case 'Coolers':
      accent = n.includes('мідн') ? '#c5682b' : n.includes('нержав') ? '#8d99a5' : hsl(20 + (h % 20), 60, 45);
      icon = coolerIcon(accent);
      break;
    case 'BeerTaps':
      icon = tapIcon(accent);
      break;
    case 'Defoamers':
      icon = spoutIcon(accent);
      break;
    case 'Reducers':
      icon = regulatorIcon(accent);
      break;
    case 'BeerColumns': {
      const m = /(\d)\s*кран/.exec(p.name);
      icon = columnIcon(accent, Math.min(3, Math.max(1, Number(m?.[1] ?? 1))));
      break;
    }
    default:
      icon = hydrometerIcon(accent);
  }
  const title = p.name.split(/,\s/)[0] ?? p.name;
  const sub = `${p.producer} · ${EQUIPMENT_UK[p.category] ?? p.category}`;
  return svgDoc(p.name, hue, METAL, icon + caption(title, sub, accent), 446);
}

// ───────────────────────────── placeholder ─────────────────────────

function placeholderSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" ${FONT}>` +
    `<title>Немає зображення</title>` +
    `<rect width="600" height="600" fill="#eef0f2"/>` +
    `<rect x="170" y="150" width="260" height="200" rx="18" fill="#fff" stroke="#b8bfc6" stroke-width="8"/>` +
    `<circle cx="230" cy="205" r="22" fill="#c9d0d6"/>` +
    `<path d="M186 334l74-86 48 52 36-34 70 68z" fill="#c9d0d6"/>` +
    `<path d="M150 380L450 120" stroke="#eef0f2" stroke-width="22"/><path d="M150 380L450 120" stroke="#b8bfc6" stroke-width="8" stroke-linecap="round"/>` +
    text(300, 430, 'Немає зображення', 34, '#7b848c', 'font-weight="700"') +
    `</svg>\n`
  );
}

// ─────────────────────────────── main ──────────────────────────────

function productSvg(p: DemoProduct): string {
  switch (p.category) {
    case 'Hops':
      return hopSvg(p);
    case 'Yeast':
      return yeastSvg(p);
    case 'Malt':
      return maltSvg(p);
    default:
      return equipmentSvg(p);
  }
}

function main(): void {
  mkdirSync(OUT_DIR, { recursive: true });
  let total = 0;
  let largest = 0;
  for (const p of demoCatalog) {
    const svg = productSvg(p);
    const bytes = Buffer.byteLength(svg);
    total += bytes;
    largest = Math.max(largest, bytes);
    writeFileSync(join(OUT_DIR, `${p.slug}.svg`), svg);
  }
  writeFileSync(PLACEHOLDER, placeholderSvg());
  console.log(
    `Wrote ${demoCatalog.length} product images to ${OUT_DIR} (avg ${Math.round(total / demoCatalog.length)} B, max ${largest} B) and ${PLACEHOLDER}`,
  );
}

main();
