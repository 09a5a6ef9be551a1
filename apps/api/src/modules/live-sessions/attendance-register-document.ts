import type { AttendanceFigures, AttendanceStatus } from '@school/contracts';
import type { PDFPage } from 'pdf-lib';
import { toCsv } from '../../common/csv/csv';
import { type PdfColor, PdfWriter } from '../../common/pdf/pdf-writer';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';

/** What a monthly register shows: the month's counted sessions and each trainee's marks on them, in order. */
export interface RegisterDocument {
  cohortTitle: string;
  /** `YYYY-MM`. */
  month: string;
  /** Produced after the month was closed. */
  final: boolean;
  thresholdPercent: number;
  preparedBy: string;
  preparedAt: Date;
  sessions: { local_date: string; local_time: string }[];
  trainees: { first_name: string; last_name: string; email: string; marks: AttendanceStatus[]; figures: AttendanceFigures }[];
}

/** A mark as the register prints it: present, late (attended), excused (left out of the rate), absent. */
export const MARK_CODE: Record<AttendanceStatus, string> = { PRESENT: 'P', LATE: 'L', EXCUSED: 'E', ABSENT: 'A' };

/** Each session's column heading: the day of the month, with a letter when the day has more than one session ("3a", "3b"). */
export function dayLabels(sessions: readonly { local_date: string }[]): string[] {
  const perDay = new Map<string, number>();
  for (const s of sessions) perDay.set(s.local_date, (perDay.get(s.local_date) ?? 0) + 1);
  const seen = new Map<string, number>();
  return sessions.map((s) => {
    const day = String(Number(s.local_date.slice(8, 10)));
    const nth = seen.get(s.local_date) ?? 0;
    seen.set(s.local_date, nth + 1);
    return perDay.get(s.local_date)! > 1 ? `${day}${String.fromCharCode(97 + nth)}` : day;
  });
}

/** The rate as printed: one decimal and a percent sign, a dash when nothing counted. */
export const rateText = (f: AttendanceFigures) => (f.percent === null ? '–' : `${f.percent.toFixed(1)}%`);

/** Whether the trainee's rate is below the programme's threshold (nothing counted is not below). */
export const belowThreshold = (f: AttendanceFigures, threshold: number) => f.percent !== null && f.percent < threshold;

/** The month as words, e.g. "October 2026". */
export const monthTitle = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A date as the footer writes it, in Malaysia time, e.g. "29 November 2026". */
export const footerDate = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SCHOOL_TIME_ZONE });

/** "Prepared by <name>, <date>". */
export const preparedLine = (name: string, at: Date) => `Prepared by ${name || 'staff'}, ${footerDate(at)}`;

/** Splits `count` rows into pages of at most `perPage`: each page's [start, end). At least one page. */
export function paginate(count: number, perPage: number): Array<[number, number]> {
  if (perPage < 1) throw new Error('A page holds at least one row');
  const pages: Array<[number, number]> = [];
  for (let start = 0; start < count; start += perPage) pages.push([start, Math.min(count, start + perPage)]);
  return pages.length ? pages : [[0, 0]];
}

/** Page geometry of the landscape A4 register, in points. */
export const PAGE = { width: 841.89, height: 595.28, margin: 28, gridTop: 595.28 - 96, footerTop: 82, rowHeight: 13, headRowHeight: 16 };
/** Trainee rows a page holds between the heading row and the footer. */
export const ROWS_PER_PAGE = Math.floor((PAGE.gridTop - PAGE.headRowHeight - PAGE.footerTop) / PAGE.rowHeight);

/** The grid's columns left to right: number, trainee, one per session (as wide as fits, at most 24 pt), then the totals. */
export function gridColumns(sessionCount: number, width = PAGE.width - 2 * PAGE.margin) {
  const fixed = { no: 22, name: 170, attended: 34, counted: 34, rate: 42, flag: 40 };
  const room = width - Object.values(fixed).reduce((a, b) => a + b, 0);
  const cell = sessionCount ? Math.min(24, room / sessionCount) : 0;
  let x = PAGE.margin;
  const at = (w: number) => {
    const left = x;
    x += w;
    return left;
  };
  const no = at(fixed.no);
  const name = at(fixed.name);
  const cells = Array.from({ length: sessionCount }, () => at(cell));
  return {
    no,
    name,
    nameWidth: fixed.name,
    cells,
    cellWidth: cell,
    /** Letter size in a session cell: smaller when many sessions share the width. */
    cellFont: Math.max(5, Math.min(8, cell * 0.55)),
    attended: at(fixed.attended),
    counted: at(fixed.counted),
    rate: at(fixed.rate),
    flag: at(fixed.flag),
    right: x,
  };
}

const CSV_HEADER_TOTALS = (threshold: number) => ['Attended', 'Counted', 'Rate (%)', `Below ${threshold}%`];

/** The register as CSV (UTF-8 with its byte-order mark): one row per trainee, one column per session, then the totals. */
export function registerCsv(d: RegisterDocument): string {
  const perDay = new Map<string, number>();
  for (const s of d.sessions) perDay.set(s.local_date, (perDay.get(s.local_date) ?? 0) + 1);
  const heads = d.sessions.map((s) => (perDay.get(s.local_date)! > 1 ? `${s.local_date} ${s.local_time}` : s.local_date));
  return toCsv(
    ['Trainee', 'Email', ...heads, ...CSV_HEADER_TOTALS(d.thresholdPercent)],
    d.trainees.map((t) => [
      `${t.first_name} ${t.last_name}`.trim(),
      t.email,
      ...t.marks.map((m) => MARK_CODE[m]),
      t.figures.attended,
      t.figures.counted,
      t.figures.percent === null ? '' : t.figures.percent.toFixed(1),
      belowThreshold(t.figures, d.thresholdPercent) ? 'yes' : 'no',
    ]),
  );
}

const NAVY: PdfColor = [0.04, 0.12, 0.23];
const GREY: PdfColor = [0.35, 0.37, 0.42];
const FLAG: PdfColor = [0.7, 0.1, 0.1];
const SHADE: PdfColor = [0.99, 0.92, 0.92];
const RULE: PdfColor = [0.6, 0.64, 0.7];

/** Shortens text with an ellipsis until it fits `max` points. */
async function fit(pdf: PdfWriter, text: string, size: number, max: number): Promise<string> {
  if ((await pdf.widthOf(text, size)) <= max) return text;
  let chars = [...text];
  while (chars.length > 1 && (await pdf.widthOf(`${chars.join('')}…`, size)) > max) chars = chars.slice(0, -1);
  return `${chars.join('')}…`;
}

/**
 * The register in the funder's layout: landscape A4, a grid of trainees by the month's training
 * sessions (P, L, E, A), each trainee's totals and rate with those under the threshold flagged,
 * and on every page the preparer's name and date beside a signature line. Rows never split across
 * pages; each page repeats the heading row.
 */
export async function buildRegisterPdf(d: RegisterDocument): Promise<Buffer> {
  const title = `Attendance register ${monthTitle(d.month)}: ${d.cohortTitle}`;
  const pdf = await PdfWriter.create({ width: PAGE.width, height: PAGE.height, title });
  const cols = gridColumns(d.sessions.length);
  const labels = dayLabels(d.sessions);
  const pages = paginate(d.trainees.length, ROWS_PER_PAGE);
  const prepared = preparedLine(d.preparedBy, d.preparedAt);
  const below = d.trainees.filter((t) => belowThreshold(t.figures, d.thresholdPercent)).length;

  for (const [p, [start, end]] of pages.entries()) {
    const page = pdf.addPage();
    await heading(pdf, page, d, below);
    let y = PAGE.gridTop - PAGE.headRowHeight;
    await headRow(pdf, page, cols, labels, d.thresholdPercent, y);
    if (!d.trainees.length || !d.sessions.length) {
      const note = !d.sessions.length ? 'No mandatory session ended this month: there is nothing to mark.' : 'The cohort has no trainees.';
      await pdf.drawText(page, note, cols.name, y - PAGE.rowHeight + 3, { size: 9, color: GREY });
    }
    for (let i = start; i < end; i++) {
      const t = d.trainees[i];
      y -= PAGE.rowHeight;
      const flagged = belowThreshold(t.figures, d.thresholdPercent);
      if (flagged) pdf.fillRect(page, PAGE.margin, y, cols.right - PAGE.margin, PAGE.rowHeight, SHADE);
      const base = y + 3.5;
      await pdf.drawText(page, String(i + 1), cols.no + 2, base, { size: 7, color: GREY });
      await pdf.drawText(page, await fit(pdf, `${t.first_name} ${t.last_name}`.trim(), 8, cols.nameWidth - 6), cols.name + 3, base, {
        size: 8,
      });
      for (const [c, mark] of t.marks.entries()) {
        const code = MARK_CODE[mark];
        const w = await pdf.widthOf(code, cols.cellFont);
        await pdf.drawText(page, code, cols.cells[c] + (cols.cellWidth - w) / 2, base, {
          size: cols.cellFont,
          color: mark === 'ABSENT' ? FLAG : undefined,
        });
      }
      await pdf.drawText(page, String(t.figures.attended), cols.attended + 4, base, { size: 8 });
      await pdf.drawText(page, String(t.figures.counted), cols.counted + 4, base, { size: 8 });
      await pdf.drawText(page, rateText(t.figures), cols.rate + 3, base, {
        size: 8,
        weight: flagged ? 'bold' : 'regular',
        color: flagged ? FLAG : undefined,
      });
      if (flagged) await pdf.drawText(page, `< ${d.thresholdPercent}%`, cols.flag + 3, base, { size: 7, weight: 'bold', color: FLAG });
      pdf.drawLine(page, PAGE.margin, y, cols.right, y, 0.3, RULE);
    }
    // Column rules over the page's rows.
    const bottom = Math.min(y, PAGE.gridTop - PAGE.headRowHeight);
    for (const x of [cols.no, cols.name, ...cols.cells, cols.attended, cols.counted, cols.rate, cols.flag, cols.right])
      pdf.drawLine(page, x, PAGE.gridTop, x, bottom, 0.3, RULE);
    await footer(pdf, page, prepared, p + 1, pages.length);
  }
  return pdf.toBuffer();
}

async function heading(pdf: PdfWriter, page: PDFPage, d: RegisterDocument, below: number) {
  const top = PAGE.height - PAGE.margin - 14;
  await pdf.drawText(page, `Attendance register · ${monthTitle(d.month)}`, PAGE.margin, top, { size: 15, weight: 'bold', color: NAVY });
  const state = d.final ? 'Final' : 'Draft: the month is not closed';
  const sw = await pdf.widthOf(state, 11, 'bold');
  await pdf.drawText(page, state, PAGE.width - PAGE.margin - sw, top, { size: 11, weight: 'bold', color: d.final ? NAVY : FLAG });
  await pdf.drawText(page, await fit(pdf, d.cohortTitle, 11, PAGE.width - 2 * PAGE.margin), PAGE.margin, top - 18, {
    size: 11,
    color: NAVY,
  });
  await pdf.drawText(
    page,
    `P present · L late (attended) · E excused (left out of the rate) · A absent · ${d.sessions.length} training sessions · ` +
      `${d.trainees.length} trainees · threshold ${d.thresholdPercent}% (${below} below)`,
    PAGE.margin,
    top - 34,
    { size: 8, color: GREY },
  );
}

async function headRow(
  pdf: PdfWriter,
  page: PDFPage,
  cols: ReturnType<typeof gridColumns>,
  labels: string[],
  threshold: number,
  y: number,
) {
  pdf.fillRect(page, PAGE.margin, y, cols.right - PAGE.margin, PAGE.headRowHeight, [0.9, 0.93, 0.97]);
  const base = y + 5;
  const bold = { size: 7.5, weight: 'bold' as const, color: NAVY };
  await pdf.drawText(page, '#', cols.no + 2, base, bold);
  await pdf.drawText(page, 'Trainee', cols.name + 3, base, bold);
  for (const [c, label] of labels.entries()) {
    const size = Math.min(7.5, cols.cellFont);
    const w = await pdf.widthOf(label, size, 'bold');
    await pdf.drawText(page, label, cols.cells[c] + (cols.cellWidth - w) / 2, base, { ...bold, size });
  }
  await pdf.drawText(page, 'Att.', cols.attended + 4, base, bold);
  await pdf.drawText(page, 'Count', cols.counted + 3, base, bold);
  await pdf.drawText(page, 'Rate', cols.rate + 3, base, bold);
  await pdf.drawText(page, `< ${threshold}%`, cols.flag + 3, base, bold);
  pdf.drawLine(page, PAGE.margin, PAGE.gridTop, cols.right, PAGE.gridTop, 0.5, RULE);
  pdf.drawLine(page, PAGE.margin, y, cols.right, y, 0.5, RULE);
}

async function footer(pdf: PdfWriter, page: PDFPage, prepared: string, n: number, of: number) {
  const y = PAGE.footerTop - 34;
  await pdf.drawText(page, prepared, PAGE.margin, y, { size: 9, color: NAVY });
  const sigX = PAGE.width - PAGE.margin - 230;
  await pdf.drawText(page, 'Signature', sigX, y, { size: 9, color: NAVY });
  pdf.drawLine(page, sigX + 48, y - 2, PAGE.width - PAGE.margin, y - 2, 0.75, NAVY);
  const pageText = `Page ${n} of ${of}`;
  const w = await pdf.widthOf(pageText, 8);
  await pdf.drawText(page, pageText, (PAGE.width - w) / 2, PAGE.margin, { size: 8, color: GREY });
}
