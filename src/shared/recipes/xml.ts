import type { RecipeXmlFault } from '../errors/index.js';

/**
 * A small strict XML reader for recipe files (docs/recipes.md). It knows elements, attributes,
 * text, CDATA, comments and processing instructions, and refuses any DOCTYPE, so no entity can be
 * declared: external entities (XXE) and entity expansion ("billion laughs") cannot happen. Only the
 * five predefined entities and numeric character references are read.
 */

export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own text (CDATA included), not its children's. */
  text: string;
  /** 1-based line of the opening tag, for error messages. */
  line: number;
}

export type XmlProblem = 'doctype' | 'syntax' | 'entity' | 'unclosed' | 'mismatch' | 'depth' | 'elements';

/** What exactly is wrong, worded by the error catalogue (RECIPE_INVALID_XML's `xml`, docs/errors.md). */
export type XmlFault = RecipeXmlFault;

export class XmlError extends Error {
  constructor(
    readonly problem: XmlProblem,
    readonly line: number,
    readonly fault: XmlFault,
    /** The tag (or the text) the fault is about; `expected` and `openLine` for a mismatched closing tag. */
    readonly about: { tag?: string; expected?: string; openLine?: number } = {},
  ) {
    super(`line ${line}: ${fault}${about.tag ? ` <${about.tag}>` : ''}`);
  }
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_:][-A-Za-z0-9_:.]*/y;
const MAX_DEPTH = 64;

export interface XmlLimits {
  /** Elements in the document at most: a flat flood of tags is refused as early as a deep one. */
  maxElements: number;
}

/** Parses a whole document; returns the root element. */
export function parseXml(source: string, limits: XmlLimits = { maxElements: 50_000 }): XmlElement {
  let pos = 0;
  let line = 1;
  let elements = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;

  const fail = (problem: XmlProblem, fault: XmlFault, about?: XmlError['about']): never => {
    throw new XmlError(problem, line, fault, about);
  };
  const advanceTo = (next: number) => {
    for (let i = pos; i < next; i++) if (source.charCodeAt(i) === 10) line++;
    pos = next;
  };
  const decode = (raw: string): string =>
    raw.replace(/&([^;&\s<]{0,12});?/g, (whole, ref: string) => {
      if (!whole.endsWith(';')) fail('syntax', 'ampersand', { tag: whole });
      if (ref in PREDEFINED) return PREDEFINED[ref];
      const numeric = /^#(x[0-9a-fA-F]{1,6}|[0-9]{1,7})$/.exec(ref);
      if (numeric) {
        const code = numeric[1].startsWith('x') ? parseInt(numeric[1].slice(1), 16) : parseInt(numeric[1], 10);
        if (code > 0 && code <= 0x10ffff) return String.fromCodePoint(code);
      }
      return fail('entity', 'unknownEntity', { tag: ref });
    });

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) {
      const text = source.slice(pos, textEnd);
      if (stack.length) stack[stack.length - 1].text += decode(text);
      else if (text.trim()) fail('syntax', 'textOutsideRoot');
      advanceTo(textEnd);
    }
    if (lt === -1) break;

    if (source.startsWith('<!--', pos)) {
      const end = source.indexOf('-->', pos + 4);
      if (end === -1) fail('unclosed', 'unclosedComment');
      advanceTo(end + 3);
    } else if (source.startsWith('<![CDATA[', pos)) {
      const end = source.indexOf(']]>', pos + 9);
      if (end === -1) fail('unclosed', 'unclosedCdata');
      if (!stack.length) fail('syntax', 'cdataOutsideRoot');
      stack[stack.length - 1].text += source.slice(pos + 9, end);
      advanceTo(end + 3);
    } else if (/^<!DOCTYPE/i.test(source.slice(pos, pos + 9)) || source.startsWith('<!ENTITY', pos)) {
      fail('doctype', 'doctype');
    } else if (source.startsWith('<!', pos)) {
      fail('syntax', 'unknownMarkup');
    } else if (source.startsWith('<?', pos)) {
      const end = source.indexOf('?>', pos + 2);
      if (end === -1) fail('unclosed', 'unclosedInstruction');
      advanceTo(end + 2);
    } else if (source.startsWith('</', pos)) {
      NAME.lastIndex = pos + 2;
      const match = NAME.exec(source);
      if (!match) fail('syntax', 'badClosingTag');
      const name = match![0];
      const close = source.indexOf('>', NAME.lastIndex);
      if (close === -1 || source.slice(NAME.lastIndex, close).trim()) fail('syntax', 'badClosingTag', { tag: name });
      const open = stack.pop();
      if (!open) fail('mismatch', 'extraClosingTag', { tag: name });
      if (open!.name !== name) fail('mismatch', 'mismatchedTag', { tag: name, expected: open!.name, openLine: open!.line });
      advanceTo(close + 1);
    } else {
      NAME.lastIndex = pos + 1;
      const match = NAME.exec(source);
      if (!match) fail('syntax', 'badTag');
      const name = match![0];
      const element: XmlElement = { name, children: [], text: '', line };
      let cursor = NAME.lastIndex;
      // Attributes are read to be skipped correctly (a ">" inside quotes), never used.
      for (;;) {
        while (/\s/.test(source[cursor] ?? '')) cursor++;
        const ch = source[cursor];
        if (ch === undefined) fail('unclosed', 'unclosedTag', { tag: name });
        if (ch === '>' || (ch === '/' && source[cursor + 1] === '>')) break;
        NAME.lastIndex = cursor;
        if (!NAME.exec(source)) fail('syntax', 'badAttribute', { tag: name });
        cursor = NAME.lastIndex;
        while (/\s/.test(source[cursor] ?? '')) cursor++;
        if (source[cursor] !== '=') fail('syntax', 'attributeWithoutValue', { tag: name });
        cursor++;
        while (/\s/.test(source[cursor] ?? '')) cursor++;
        const quote = source[cursor];
        if (quote !== '"' && quote !== "'") fail('syntax', 'unquotedAttribute', { tag: name });
        const endQuote = source.indexOf(quote, cursor + 1);
        if (endQuote === -1) fail('unclosed', 'unclosedAttribute', { tag: name });
        decode(source.slice(cursor + 1, endQuote));
        cursor = endQuote + 1;
      }
      const selfClosing = source[cursor] === '/';
      if (++elements > limits.maxElements) fail('elements', 'tooManyElements');
      if (stack.length) stack[stack.length - 1].children.push(element);
      else if (root) fail('syntax', 'secondRoot');
      else root = element;
      if (!selfClosing) {
        stack.push(element);
        if (stack.length > MAX_DEPTH) fail('depth', 'tooDeep');
      }
      advanceTo(cursor + (selfClosing ? 2 : 1));
    }
  }
  if (stack.length) throw new XmlError('unclosed', stack[stack.length - 1].line, 'unclosedTag', { tag: stack[stack.length - 1].name });
  if (!root) throw new XmlError('syntax', line, 'noElement');
  return root;
}

/** The first child of this name (case-insensitive, as exporters differ), or undefined. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  const upper = name.toUpperCase();
  return element.children.find((c) => c.name.toUpperCase() === upper);
}

export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  const upper = name.toUpperCase();
  return element.children.filter((c) => c.name.toUpperCase() === upper);
}
