import { parse } from 'csv-parse/browser/esm/sync';
import type { BulkStudentRow } from '@school/contracts';
import { splitFullName, type SplitName } from './name-split';

/** Why a CSV could not be used: no data rows, or not a readable CSV with an email column. */
export class CsvProblem extends Error {
  constructor(readonly kind: 'empty' | 'unreadable') {
    super(kind);
  }
}

/** The header cells a CSV's students were read from (as written in the file). */
export interface CsvColumns {
  email: string;
  first_name?: string;
  last_name?: string;
  /** Set when names came from one full-name column, split by splitFullName. */
  full_name?: string;
}

/** A full name as read and how it was split. */
export interface ReadName extends SplitName {
  full_name: string;
}

export interface CsvReading {
  students: BulkStudentRow[];
  columns: CsvColumns;
  /** One per student when the names came from a full-name column; empty otherwise. */
  names: ReadName[];
}

/** A full-name column: "full_name", "Full name", "Name", "Nama penuh"... but not first or last name. */
const isFullNameHeader = (h: string) => /^(full[\s_-]*name|name|nama([\s_-]*penuh)?|student[\s_-]*name)$/.test(h);

/**
 * Reads the students of a CSV: a header plus at least one row; the columns are the ones whose
 * header contains "email", "first" and "last" (e.g. Email, First name, Last name), in any order.
 * Without first and last name columns, a full-name column (e.g. the applications export's
 * full_name) is split into both with splitFullName. Blank lines are skipped; cells are trimmed.
 */
export function readStudentsCsv(text: string): CsvReading {
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
  let first = column('first');
  let last = column('last');
  if (email < 0) throw new CsvProblem('unreadable');
  if (rows.length < 2) throw new CsvProblem('empty');
  const full = first < 0 || last < 0 ? header.findIndex(isFullNameHeader) : -1;
  if (full >= 0) first = last = -1;
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '') : '');
  const columns: CsvColumns = { email: rows[0][email] };
  if (full >= 0) columns.full_name = rows[0][full];
  if (first >= 0) columns.first_name = rows[0][first];
  if (last >= 0) columns.last_name = rows[0][last];
  const names: ReadName[] = [];
  const students = rows.slice(1).map((row) => {
    if (full < 0) return { email: cell(row, email), first_name: cell(row, first), last_name: cell(row, last) };
    const name = { full_name: cell(row, full), ...splitFullName(cell(row, full)) };
    names.push(name);
    return { email: cell(row, email), first_name: name.first_name, last_name: name.last_name };
  });
  return { students, columns, names };
}
