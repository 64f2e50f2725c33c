import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';

/**
 * Writers of exported tables (docs/import-export.md), fed page by page so that only one page of rows
 * is ever held: CSV as Excel opens it, and a minimal XLSX package zipped as it goes.
 */

/** A cell: text, a number (written as a number), or nothing. */
export type Cell = string | number | null;

/** Cells that a spreadsheet would read as a formula (OWASP "CSV Injection"): =, +, -, @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: text that starts like a formula gets a leading `'`; RFC 4180 quotes when needed. */
export function csvField(cell: Cell, separator: string): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return separator === ';' ? String(cell).replace('.', ',') : String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly Cell[], separator: string): string {
  return cells.map((cell) => csvField(cell, separator)).join(separator) + '\r\n';
}

/** UTF-8 with a byte-order mark, which Excel needs to read Cyrillic; lines end in CRLF. */
export async function* csvChunks(header: readonly string[], pages: AsyncIterable<Cell[][]>, separator: string): AsyncGenerator<Buffer> {
  yield Buffer.from('\ufeff' + csvLine(header, separator), 'utf8');
  for await (const rows of pages) {
    let text = '';
    for (const row of rows) text += csvLine(row, separator);
    if (text) yield Buffer.from(text, 'utf8');
  }
}

// Characters XML 1.0 cannot hold at all; a supplier's name with one must still export.
const XML_INVALID = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

function xmlText(text: string): string {
  return text.replace(XML_INVALID, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** "A", "B", … "Z", "AA": a spreadsheet column's letters (0-based index). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

function xlsxRow(cells: readonly Cell[], rowNumber: number): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((cell, i) => {
    const ref = `${columnLetters(i)}${rowNumber}`;
    if (cell === null || cell === '') return;
    if (typeof cell === 'number' && Number.isFinite(cell)) xml += `<c r="${ref}"><v>${cell}</v></c>`;
    else {
      const text = String(cell);
      const space = text !== text.trim() ? ' xml:space="preserve"' : '';
      xml += `<c r="${ref}" t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
    }
  });
  return xml + '</row>';
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '</Relationships>';
const workbook = (sheetName: string) =>
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const SHEET_START =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/**
 * A one-sheet XLSX (SpreadsheetML, ECMA-376): strings inline, numbers as numbers. The sheet is
 * deflated as its rows arrive and the zip's bytes handed on after every page.
 */
export async function* xlsxChunks(sheetName: string, header: readonly string[], pages: AsyncIterable<Cell[][]>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else ready.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  };
  for (const [name, text] of [
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', ROOT_RELS],
    ['xl/workbook.xml', workbook(sheetName)],
    ['xl/_rels/workbook.xml.rels', WORKBOOK_RELS],
  ]) {
    const part = new ZipPassThrough(name);
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  zip.add(sheet);
  sheet.push(strToU8(SHEET_START + xlsxRow(header, 1)));
  yield* drain();
  let rowNumber = 1;
  for await (const rows of pages) {
    let xml = '';
    for (const row of rows) xml += xlsxRow(row, ++rowNumber);
    sheet.push(strToU8(xml));
    yield* drain();
  }
  sheet.push(strToU8(SHEET_END), true);
  zip.end();
  yield* drain();
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
