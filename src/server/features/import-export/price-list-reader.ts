import { parse } from 'csv-parse/sync';
import { unzipSync, strFromU8 } from 'fflate';
import type { UnreadableReason } from '../../../shared/errors/index.js';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../shared/import-export.js';
import { AppError } from '../../errors.js';

/**
 * Reads a supplier's price list into a header and rows of text (docs/import-export.md): CSV in UTF-8
 * (with or without a BOM) or Windows-1251, separated by `,`, `;` or tabs; or the first sheet of an
 * XLSX. A file it cannot read exactly is refused, never guessed at.
 */

export interface PriceListTable {
  encoding: 'utf-8' | 'windows-1251' | 'xlsx';
  columns: string[];
  /** `line` is the file's line (CSV) or the sheet's row number (XLSX); the header is line 1. */
  rows: { line: number; cells: string[] }[];
}

const unreadable = (reason: UnreadableReason, line?: number) => new AppError('IMPORT_UNREADABLE', { reason, line });

export class ImportTooLarge extends AppError<'IMPORT_TOO_LARGE'> {
  constructor() {
    super('IMPORT_TOO_LARGE');
  }
}

export function readPriceList(bytes: Uint8Array): PriceListTable {
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportTooLarge();
  if (bytes.length === 0) throw unreadable('empty');
  const table = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04 ? readXlsx(bytes) : readCsv(bytes);
  const columns = table.columns.map((c) => c.trim());
  if (columns.every((c) => c === '')) throw unreadable('noHeader');
  const repeated = columns.find((c, i) => c !== '' && columns.indexOf(c) !== i);
  if (repeated) throw new AppError('IMPORT_COLUMN_REPEATED', { column: repeated });
  const rows = table.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (rows.length > MAX_IMPORT_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', { max: MAX_IMPORT_ROWS });
  return { ...table, columns, rows };
}

// Windows-1251's Cyrillic (А–я at 0xC0–0xFF, Ґ Є І Ї ґ є і ї Ё ё), №, quotes, dashes and the no-break space.
const CP1251_TEXT = new Set([0xa0, 0xa5, 0xa8, 0xaa, 0xab, 0xaf, 0xb2, 0xb3, 0xb4, 0xb8, 0xb9, 0xba, 0xbb, 0xbf, 0x96, 0x97, 0x93, 0x94, 0x92]);

/** UTF-8 when the bytes are valid UTF-8; Windows-1251 when every byte above ASCII is one of its letters or signs; else refused. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1251' } {
  if (bytes.includes(0)) throw unreadable('notText');
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: Windows-1251 is what Excel in Ukrainian writes for "CSV".
  }
  const foreign = body.some((b) => b >= 0x80 && b < 0xc0 && !CP1251_TEXT.has(b));
  if (foreign) {
    throw new AppError('IMPORT_ENCODING');
  }
  return { text: new TextDecoder('windows-1251').decode(body), encoding: 'windows-1251' };
}

/** The separator the header line uses most, outside quotes. */
function separatorOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

function readCsv(bytes: Uint8Array): PriceListTable {
  const { text, encoding } = decodeText(bytes);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter: separatorOf(text), relax_column_count: true, info: true, skip_empty_lines: false }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw unreadable('csvFormat', line);
  }
  if (records.length === 0) throw unreadable('empty');
  const [header, ...rest] = records;
  return { encoding, columns: header.record, rows: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

/** Unpacked parts above this are refused: a zip bomb must not fill the memory. */
const MAX_PART_BYTES = 200 * 1024 * 1024;

function readXlsx(bytes: Uint8Array): PriceListTable {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        if (file.originalSize > MAX_PART_BYTES) throw unreadable('partTooLarge');
        return file.name.startsWith('xl/') && (file.name.endsWith('.xml') || file.name.endsWith('.rels'));
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw unreadable('brokenZip');
  }
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : null);
  const workbook = text('xl/workbook.xml');
  if (!workbook) throw unreadable('notXlsx');
  const firstSheet = /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(refuseDoctype(workbook))?.[1];
  const rels = text('xl/_rels/workbook.xml.rels') ?? '';
  const target = [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => m[0]).find((tag) => attribute(tag, 'Id') === firstSheet);
  const targetPath = target ? attribute(target, 'Target') : null;
  const sheetPath = targetPath ? (targetPath.startsWith('/') ? targetPath.slice(1) : `xl/${targetPath}`) : 'xl/worksheets/sheet1.xml';
  const sheet = text(sheetPath);
  if (!sheet) throw unreadable('noSheet');
  const shared = sharedStrings(text('xl/sharedStrings.xml'));
  const rows: { line: number; cells: string[] }[] = [];
  for (const [, rowAttrs, rowBody = ''] of refuseDoctype(sheet).matchAll(/<(?:\w+:)?row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?row>)/g)) {
    const line = Number(attribute(rowAttrs, 'r')) || (rows.at(-1)?.line ?? 0) + 1;
    const cells: string[] = [];
    for (const [, cellAttrs, cellBody = ''] of rowBody.matchAll(/<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/g)) {
      const ref = attribute(cellAttrs, 'r');
      const column = ref ? columnIndex(ref) : cells.length;
      const type = attribute(cellAttrs, 't');
      const value = /<(?:\w+:)?v>([\s\S]*?)<\/(?:\w+:)?v>/.exec(cellBody)?.[1];
      let cell = '';
      if (type === 's') cell = shared[Number(value)] ?? '';
      else if (type === 'inlineStr') cell = runsText(cellBody);
      else if (value !== undefined) cell = xmlDecode(value);
      while (cells.length < column) cells.push('');
      cells[column] = cell;
    }
    rows.push({ line, cells });
  }
  if (rows.length === 0) throw unreadable('sheetEmpty');
  const [header, ...rest] = rows;
  return { encoding: 'xlsx', columns: header.cells, rows: rest };
}

function refuseDoctype(xml: string): string {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw unreadable('doctype');
  return xml;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match ? xmlDecode(match[1]) : null;
}

/** "B7" → 1. */
function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let index = 0;
  for (const ch of letters) index = index * 26 + (ch.charCodeAt(0) - 64);
  return index - 1;
}

function sharedStrings(xml: string | null): string[] {
  if (!xml) return [];
  return [...refuseDoctype(xml).matchAll(/<(?:\w+:)?si>([\s\S]*?)<\/(?:\w+:)?si>/g)].map((m) => runsText(m[1]));
}

/** The text of a string item: its `<t>` runs joined, phonetic hints (`<rPh>`) left out. */
function runsText(xml: string): string {
  const body = xml.replace(/<(?:\w+:)?rPh\b[\s\S]*?<\/(?:\w+:)?rPh>/g, '');
  return [...body.matchAll(/<(?:\w+:)?t(?:\s[^>]*)?>([\s\S]*?)<\/(?:\w+:)?t>/g)].map((m) => xmlDecode(m[1])).join('');
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function xmlDecode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, ref: string) => {
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : ref.startsWith('#') ? parseInt(ref.slice(1), 10) : null;
    if (code === null) return ENTITIES[ref] ?? whole;
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}
