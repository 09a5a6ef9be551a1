import type { AttendanceStatus } from '@school/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readPdf } from '../../../test/pdf-text';
import {
  belowThreshold,
  buildRegisterPdf,
  dayLabels,
  gridColumns,
  MARK_CODE,
  monthTitle,
  PAGE,
  paginate,
  preparedLine,
  rateText,
  registerCsv,
  type RegisterDocument,
  ROWS_PER_PAGE,
} from './attendance-register-document';

const f = (attended: number, counted: number) => ({
  attended,
  counted,
  percent: counted ? Math.round((1000 * attended) / counted) / 10 : null,
});

describe('the layout helpers', () => {
  it('heads each session with its day, lettered when a day has two', () => {
    expect(dayLabels([{ local_date: '2026-10-03' }, { local_date: '2026-10-03' }, { local_date: '2026-10-10' }])).toEqual([
      '3a',
      '3b',
      '10',
    ]);
    expect(dayLabels([])).toEqual([]);
  });
  it('prints the marks as P, L, E, A and the rate with one decimal', () => {
    expect(Object.values(MARK_CODE)).toEqual(['P', 'L', 'E', 'A']);
    expect(rateText(f(2, 3))).toBe('66.7%');
    expect(rateText(f(0, 0))).toBe('–');
  });
  it('flags a rate under the threshold, not one at it nor nothing counted', () => {
    expect(belowThreshold({ attended: 2, counted: 3, percent: 66.7 }, 75)).toBe(true);
    expect(belowThreshold({ attended: 3, counted: 4, percent: 75 }, 75)).toBe(false);
    expect(belowThreshold({ attended: 0, counted: 0, percent: null }, 75)).toBe(false);
  });
  it('splits rows into whole pages, one page when empty', () => {
    expect(paginate(200, 30)).toHaveLength(7);
    expect(paginate(200, 30).at(-1)).toEqual([180, 200]);
    expect(paginate(60, 30)).toEqual([
      [0, 30],
      [30, 60],
    ]);
    expect(paginate(0, 30)).toEqual([[0, 0]]);
  });
  it('fits the grid inside the margins however many sessions the month has', () => {
    for (const count of [0, 1, 8, 31, 45]) {
      const c = gridColumns(count);
      expect(c.right).toBeLessThanOrEqual(PAGE.width - PAGE.margin + 0.01);
      expect(c.cells).toHaveLength(count);
      if (count) expect(c.cellWidth).toBeGreaterThan(9);
    }
    expect(gridColumns(8).cellWidth).toBe(24);
  });
  it('names the month and who prepared the register on which day, Malaysia time', () => {
    expect(monthTitle('2026-10')).toBe('October 2026');
    // 20:00 UTC on the 31st is already 1 November in Kuala Lumpur.
    expect(preparedLine('Farid Teacher', new Date('2026-10-31T20:00:00Z'))).toBe('Prepared by Farid Teacher, 1 November 2026');
  });
});

/** A month of `sessions` sessions and `trainees` trainees, marks cycling through the four. */
function month(trainees: number, sessions: number): RegisterDocument {
  const order: AttendanceStatus[] = ['PRESENT', 'LATE', 'EXCUSED', 'ABSENT', 'PRESENT'];
  return {
    cohortTitle: 'Wafer fab cohort',
    month: '2026-10',
    final: true,
    thresholdPercent: 75,
    preparedBy: 'Farid Teacher',
    preparedAt: new Date('2026-11-02T03:00:00Z'),
    sessions: Array.from({ length: sessions }, (_, i) => ({
      local_date: `2026-10-${String(1 + i).padStart(2, '0')}`,
      local_time: '10:00',
    })),
    trainees: Array.from({ length: trainees }, (_t, i) => {
      const marks = Array.from({ length: sessions }, (_m, s) => order[(i + s) % order.length]);
      const attended = marks.filter((m) => m === 'PRESENT' || m === 'LATE').length;
      const counted = marks.filter((m) => m !== 'EXCUSED').length;
      return {
        first_name: i % 3 === 0 ? `陈美玲${i}` : i % 3 === 1 ? `முருகன்${i}` : `Trainee${i}`,
        last_name: 'Lim',
        email: `t${i}@example.com`,
        marks,
        figures: f(attended, counted),
      };
    }),
  };
}

describe('the register files', () => {
  it('writes the CSV with its byte-order mark, one row per trainee and the totals', () => {
    const csv = registerCsv(month(2, 2));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(csv, { bom: true });
    expect(rows).toEqual([
      ['Trainee', 'Email', '2026-10-01', '2026-10-02', 'Attended', 'Counted', 'Rate (%)', 'Below 75%'],
      ['陈美玲0 Lim', 't0@example.com', 'P', 'L', '2', '2', '100.0', 'no'],
      ['முருகன்1 Lim', 't1@example.com', 'L', 'E', '1', '1', '100.0', 'no'],
    ]);
  });

  it('breaks 200 trainees into whole pages, each with the heading row, the footer and the signature line, in seconds', async () => {
    const started = Date.now();
    const bytes = await buildRegisterPdf(month(200, 22));
    const took = Date.now() - started;
    const pdf = await readPdf(bytes);
    const pages = Math.ceil(200 / ROWS_PER_PAGE);
    expect(pdf.pages).toBe(pages);
    const text = pdf.lines;
    expect(text.filter((l) => l.startsWith('Prepared by Farid Teacher, 2 November 2026'))).toHaveLength(pages);
    expect(text.filter((l) => l.includes('Signature'))).toHaveLength(pages);
    expect(text.filter((l) => l.startsWith('# Trainee'))).toHaveLength(pages);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    // Every trainee's row once, whole: number, name, 22 marks and totals on one line.
    for (const i of [0, ROWS_PER_PAGE - 1, ROWS_PER_PAGE, 199]) {
      const rows = text.filter((l) => l.startsWith(`${i + 1} `) && l.includes(`${i} Lim`));
      expect(rows, `row ${i + 1}`).toHaveLength(1);
    }
    expect(took).toBeLessThan(30_000);
  }, 60_000);
});
