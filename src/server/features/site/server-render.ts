import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The web app's server render (src/web/entry-server.tsx): a page's #root for its path and embedded answers. */
export type RenderRoot = (pagePath: string, data: { key: unknown[]; value: unknown }[]) => Promise<string>;

/**
 * The server render built beside the web app (`dist/ssr` next to `dist/web`, docs/seo.md), or null
 * when there is none (a development server, tests without a build): pages then start empty and the
 * browser renders them.
 */
export async function loadRenderRoot(webRoot: string): Promise<RenderRoot | null> {
  const entry = path.join(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { render: RenderRoot };
  return module.render;
}

/**
 * React puts the preloads of what the page shows first (the logo, the first product pictures) before
 * the markup; they belong in the head.
 */
export function splitHoisted(html: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = html;
  for (let tag = /^<link [^>]*\/?>/.exec(rest); tag; tag = /^<link [^>]*\/?>/.exec(rest)) {
    head.push(tag[0]);
    rest = rest.slice(tag[0].length);
  }
  return { head, body: rest };
}
