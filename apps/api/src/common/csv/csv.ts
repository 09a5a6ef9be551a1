import { stringify } from 'csv-stringify/sync';

/** Every cell quoted, quotes doubled, CRLF after every row (RFC 4180). */
const FORMAT = { quoted: true, quoted_empty: true, record_delimiter: '\r\n', bom: false } as const;

/**
 * The UTF-8 byte-order mark every CSV export starts with: without it Excel reads the file in the
 * machine's legacy code page and garbles Chinese and Tamil names.
 */
export const CSV_BOM = '\uFEFF';

/**
 * A cell's text: empty for null or undefined, otherwise the value as a string, and text that a
 * spreadsheet would run as a formula (leading =, +, -, @, tab or carriage return) prefixed with
 * an apostrophe so it stays text.
 */
export function csvText(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A CSV cell: quoted, with quotes doubled, formulas neutralised. */
export function csvCell(value: unknown): string {
  return stringify([[csvText(value)]], { ...FORMAT, record_delimiter: '' });
}

/** A whole CSV file: the byte-order mark, then rows of cells with CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return (
    CSV_BOM +
    stringify(
      [header, ...rows].map((row) => row.map(csvText)),
      FORMAT,
    )
  );
}
