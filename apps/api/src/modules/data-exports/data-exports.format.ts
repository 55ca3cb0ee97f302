import type { DataExportFormat, DataExportSection, DataExportType } from '@carbonledger/contracts';
import { csvLine } from '../../lib/csv';

/** One exported record: its columns' values (strings, numbers, booleans, null, or nested JSON). */
export type ExportRecord = Record<string, unknown>;

/** A section of an export: its columns in file order and its records, a page at a time. */
export interface ExportSection {
  name: DataExportSection;
  columns: readonly string[];
  pages: AsyncIterable<ExportRecord[]>;
}

/** The element a record of each section is written as in XML. */
const XML_RECORD: Record<DataExportSection, string> = { users: 'user', transactions: 'transaction', compliance: 'company', audit_logs: 'entry' };

/**
 * Characters XML 1.0 does not allow in a document at all (C0 controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE and U+FFFF): escaping cannot carry them, so
 * they are dropped.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this removes
const XML_INVALID = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: string): string {
  return value
    .replace(XML_INVALID, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;')
    .replaceAll('\r', '&#13;');
}

/** A value as one text: nested values as their JSON, so CSV and XML carry them whole. */
function flat(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function xmlRecord(section: DataExportSection, columns: readonly string[], record: ExportRecord): string {
  const fields = columns.map((column) => {
    const value = flat(record[column]);
    return value === null ? `<${column} null="true"/>` : `<${column}>${xmlText(String(value))}</${column}>`;
  });
  return `<${XML_RECORD[section]}>${fields.join('')}</${XML_RECORD[section]}>\n`;
}

/**
 * Writes an export as it is read: each page of records becomes text and goes to `write` before
 * the next page is read, so no format holds the whole file. JSON is an array of records (an
 * object of arrays for `all`); CSV one table (for `all`, a `section` column and every section's
 * columns); XML an <export> element with one element per section.
 */
export async function writeExport(
  type: DataExportType,
  format: DataExportFormat,
  sections: readonly ExportSection[],
  write: (text: string) => Promise<void>,
  onPage: (section: number, rows: number) => Promise<void>,
): Promise<void> {
  const all = type === 'all';
  const csvColumns = all ? ['section', ...new Set(sections.flatMap((section) => section.columns))] : (sections[0]?.columns ?? []);
  if (format === 'json') await write(all ? '{' : '[');
  // A byte-order mark, as the other CSV downloads: spreadsheets then read accented names as UTF-8.
  if (format === 'csv') await write(`\uFEFF${csvLine(csvColumns)}`);
  if (format === 'xml') await write(`<?xml version="1.0" encoding="UTF-8"?>\n<export type="${type}" generatedAt="${new Date().toISOString()}">\n`);
  for (const [index, section] of sections.entries()) {
    let first = true;
    if (format === 'json' && all) await write(`${index === 0 ? '' : ','}${JSON.stringify(section.name)}:[`);
    if (format === 'xml') await write(`<${section.name}>\n`);
    for await (const records of section.pages) {
      let text = '';
      for (const record of records) {
        if (format === 'json') text += `${first ? '' : ','}${JSON.stringify(record)}`;
        if (format === 'csv') text += csvLine(csvColumns.map((column) => (column === 'section' && all ? section.name : flat(record[column]))));
        if (format === 'xml') text += xmlRecord(section.name, section.columns, record);
        first = false;
      }
      await write(text);
      await onPage(index, records.length);
    }
    if (format === 'json' && all) await write(']');
    if (format === 'xml') await write(`</${section.name}>\n`);
  }
  if (format === 'json') await write(all ? '}' : ']');
  if (format === 'xml') await write('</export>\n');
}
