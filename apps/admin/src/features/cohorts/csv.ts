import { parse } from 'csv-parse/browser/esm/sync';
import type { BulkStudentRow } from '@school/contracts';

/** Why a CSV could not be used: no data rows, or not a readable CSV with an email column. */
export class CsvProblem extends Error {
  constructor(readonly kind: 'empty' | 'unreadable') {
    super(kind);
  }
}

/**
 * Reads the students of a CSV: a header plus at least one row; the columns are the ones whose
 * header contains "email", "first" and "last" (e.g. Email, First name, Last name), in any order.
 * Blank lines are skipped; cells are trimmed.
 */
export function parseStudentsCsv(text: string): BulkStudentRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, trim: true, skip_empty_lines: true, relax_column_count: true });
  } catch {
    throw new CsvProblem('unreadable');
  }
  const rows = records.filter((r) => r.some((cell) => cell !== ''));
  if (rows.length === 0) throw new CsvProblem('empty');
  const header = rows[0].map((h) => h.toLowerCase());
  const column = (word: string) => header.findIndex((h) => h.includes(word));
  const email = column('email');
  const first = column('first');
  const last = column('last');
  if (email < 0) throw new CsvProblem('unreadable');
  if (rows.length < 2) throw new CsvProblem('empty');
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '') : '');
  return rows.slice(1).map((row) => ({ email: cell(row, email), first_name: cell(row, first), last_name: cell(row, last) }));
}
