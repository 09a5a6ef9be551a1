import { PLACEMENT_CSV_COLUMNS, PLACEMENT_CSV_MAX_ROWS, PLACEMENT_MESSAGES, PlacementCsvRowSchema } from '@school/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import type { z } from 'zod';

/** A refused file as a whole (unreadable, no rows, wrong columns). */
export class PlacementCsvError extends Error {}

export interface CsvRow {
  line: number;
  raw: Record<string, string>;
  /** The row's fields once valid; null when a field has a problem (listed in `problems`). */
  value: z.infer<typeof PlacementCsvRowSchema> | null;
  problems: string[];
}

/**
 * Reads a placements CSV: a header naming PLACEMENT_CSV_COLUMNS (any order, any case; coach_email
 * optional), then one row per trainee. Each row's fields are checked on their own here; what they
 * name (the trainee, the host, its site, the coach) is checked against the database by the service.
 */
export function readPlacementCsv(text: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (e) {
    if (e instanceof CsvError) throw new PlacementCsvError(PLACEMENT_MESSAGES.csvUnreadable);
    throw e;
  }
  const [head, ...body] = records;
  if (!head) throw new PlacementCsvError(PLACEMENT_MESSAGES.csvEmpty);
  const columns = head.record.map((c) => c.trim().toLowerCase().replace(/\s+/g, '_'));
  const required = PLACEMENT_CSV_COLUMNS.filter((c) => c !== 'coach_email');
  if (!required.every((c) => columns.includes(c))) throw new PlacementCsvError(PLACEMENT_MESSAGES.csvColumns);
  if (!body.length) throw new PlacementCsvError(PLACEMENT_MESSAGES.csvEmpty);
  if (body.length > PLACEMENT_CSV_MAX_ROWS) throw new PlacementCsvError(`The file has more than ${PLACEMENT_CSV_MAX_ROWS} rows`);
  return body.map(({ record, info }) => {
    const raw: Record<string, string> = {};
    for (const c of PLACEMENT_CSV_COLUMNS) {
      const i = columns.indexOf(c);
      raw[c] = i >= 0 ? (record[i] ?? '') : '';
    }
    const parsed = PlacementCsvRowSchema.safeParse(raw);
    return parsed.success
      ? { line: info.lines, raw, value: parsed.data, problems: [] }
      : { line: info.lines, raw, value: null, problems: parsed.error.issues.map((i) => `${String(i.path[0] ?? 'row')}: ${i.message}`) };
  });
}
