/**
 * One CSV cell (RFC 4180). A text a spreadsheet would run as a formula — starting with = + - @,
 * or a tab or carriage return that hides one — gets a leading apostrophe, so it shows as text.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, ended by CRLF. */
export const csvLine = (cells: readonly (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
