import MarkdownIt from 'markdown-it';
import { LEGAL_PLACEHOLDERS } from '../../../shared/legal.js';

/**
 * Legal pages are Markdown written in the admin and shown to every shopper, so the rendering is
 * what keeps them safe (docs/decisions/016-legal-pages.md): raw HTML is off (a tag shows as text),
 * and a link or picture may only lead to http(s), mailto or an address on the shop itself.
 */
const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/** markdown-it hands the address with entities decoded: `javascript&#58;` arrives as `javascript:`. */
md.validateLink = (url: string) => {
  // Browsers ignore these inside a scheme ("java\tscript:"), so they must not hide one here.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const plain = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = SCHEME.exec(plain);
  return scheme ? ALLOWED_SCHEMES.has(scheme[1].toLowerCase()) : true;
};

// Links that leave the shop neither pass on the page nor give the other site a handle on it.
const defaultLinkOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = tokens[idx].attrGet('href') ?? '';
  if (/^(https?:)?\/\//i.test(href)) tokens[idx].attrSet('rel', 'noopener noreferrer');
  return defaultLinkOpen(tokens, idx, options, env, self);
};

export type PlaceholderValues = Record<(typeof LEGAL_PLACEHOLDERS)[number], string>;

/** Any ASCII punctuation may be escaped in Markdown: a shop's name shows as typed, never as markup. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()<>#+\-.!|~"'&:]/g, (c) => `\\${c}`);

/** `{{legalName}}` and the others from the shop's settings; an unknown name stays as written. */
export function fillPlaceholders(body: string, values: PlaceholderValues, missing: string): string {
  return body.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name as keyof PlaceholderValues].trim();
    return value ? escapeMarkdown(value) : missing;
  });
}

/** The page's HTML: safe to put in a page as it is. */
export function renderLegalMarkdown(body: string, values: PlaceholderValues, missing: string): string {
  return md.render(fillPlaceholders(body, values, missing));
}
