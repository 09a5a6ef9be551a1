import { BREAK_REASON_LABELS, LOGBOOK_STATUS_LABELS, type LogbookWeekStatus, OJT_REVIEW_WEEKS } from '@school/contracts';
import { toCsv } from '../../common/csv/csv';
import { type PdfColor, type PdfWeight, PdfWriter } from '../../common/pdf/pdf-writer';
import { deadlineText } from '../../common/school-time';
import type { Sql } from '../../common/sql/db';
import { placementWeeks } from './logbook-weeks';
import type { WeekFileRow } from './logbook.queries';
import {
  type PackAttendance,
  packAttendance,
  type PackBreak,
  packBreaks,
  type PackEvent,
  type PackPlacement,
  type PackReview,
  packReviews,
  type PackWeek,
} from './evidence-pack.queries';

/** A week of the OJT window with what the trainee wrote in it (nothing for a week never written). */
export interface PackWeekDated extends PackWeek {
  starts_on: string;
  ends_on: string;
  hours: number;
  /** The latest submission, and the supervisor's decision on it (approved or returned; none while it waits). */
  submitted: PackEvent | null;
  decision: PackEvent | null;
}

/** One trainee's evidence: the placement, its window's weeks, and each extra section's data by key. */
export interface TraineePack {
  placement: PackPlacement;
  starts_on: string;
  ends_on: string;
  /** The school day the pack was made on: weeks ended before it are due. */
  today: string;
  generated_at: Date;
  weeks: PackWeekDated[];
  sections: Record<string, unknown>;
}

/**
 * A part of the pack beyond the placement and its logbook, with its own data: read for many
 * placements in one statement (never one per trainee), printed as a PDF section and summed up in
 * columns of the cohort CSV.
 */
export interface PackSection<T> {
  key: string;
  title: string;
  load: (q: Sql, placementIds: string[]) => Promise<Map<string, T>>;
  /** The section's lines: '## ' starts a sub-heading, anything else is a paragraph. */
  lines: (data: T | undefined, pack: TraineePack) => string[];
  /** Columns this section adds to a trainee's row of the cohort CSV. */
  summary: (data: T | undefined) => Record<string, string | number>;
}

const MARK: Record<string, string> = { PRESENT: 'Present', LATE: 'Late', EXCUSED: 'Excused', ABSENT: 'Absent' };

/** Attendance of the cohort's live sessions: every session with the trainee's mark, and the figures over those that count. */
export const attendanceSection: PackSection<PackAttendance> = {
  key: 'attendance',
  title: 'Attendance of live sessions',
  load: packAttendance,
  lines: (a) => {
    if (!a || !a.sessions.length) return ['The cohort has no live session.'];
    const f = a.figures;
    return [
      `Attended ${f.attended} of ${f.counted} counted sessions${f.percent === null ? '' : ` (${f.percent}%)`}. Counted: mandatory, ` +
        'not cancelled and ended; an excused absence is left out.',
      ...a.sessions.map(
        (s) =>
          `${s.local} · ${s.title}${s.mandatory ? '' : ' (optional)'}: ` +
          (s.cancelled ? 'cancelled' : s.status ? MARK[s.status] : 'not held yet'),
      ),
    ];
  },
  summary: (a) => ({
    sessions_attended: a?.figures.attended ?? 0,
    sessions_counted: a?.figures.counted ?? 0,
    attendance_percent: a?.figures.percent ?? '',
  }),
};

const PARTY: Record<PackReview['signatures'][number]['party'], string> = { TRAINEE: 'trainee', SUPERVISOR: 'supervisor', COACH: 'coach' };

/** The reviews at weeks 4, 8 and 16: due when their week ends, who has signed, and the frozen PDF's hash once all have. */
export const reviewsSection: PackSection<PackReview[]> = {
  key: 'reviews',
  title: 'Reviews',
  load: packReviews,
  lines: (reviews, pack) =>
    OJT_REVIEW_WEEKS.flatMap((week) => {
      const r = reviews?.find((x) => x.review_week === week);
      const due = pack.weeks.find((w) => w.week === week)?.ends_on;
      const state = r?.frozen_at ? 'Signed by all three' : r?.signatures.length ? 'Being signed' : 'Not started';
      return [
        `## Week ${week} review${due ? ` · due ${shortDate(due)}` : ''} · ${state}`,
        ...(r?.signatures ?? []).map((g) => `Signed by the ${PARTY[g.party]}: ${g.by_name}, ${deadlineText(g.signed_at)}`),
        ...(r?.frozen_at && r.pdf_sha256 ? [`Frozen ${deadlineText(r.frozen_at)}; SHA-256 of its PDF: ${r.pdf_sha256}`] : []),
      ];
    }),
  summary: (reviews) => ({ reviews_signed_by_all: reviews?.filter((r) => r.frozen_at).length ?? 0 }),
};

/** Breaks (illness, the host's shutdown): each lengthens the OJT window by its days and pauses the hours target. */
export const breaksSection: PackSection<PackBreak[]> = {
  key: 'breaks',
  title: 'Breaks',
  load: packBreaks,
  lines: (breaks) => {
    const standing = (breaks ?? []).filter((b) => !b.withdrawn);
    if (!standing.length) return ['No break recorded.'];
    return standing.map(
      (b) =>
        `${BREAK_REASON_LABELS[b.reason]}: ${shortDate(b.starts_on)} – ${shortDate(b.ends_on)} (${b.days} ${b.days === 1 ? 'day' : 'days'})` +
        `${b.note ? ` - ${b.note}` : ''}; recorded by ${b.recorded_by}`,
    );
  },
  summary: (breaks) => ({ break_days: (breaks ?? []).filter((b) => !b.withdrawn).reduce((n, b) => n + b.days, 0) }),
};

// Sections read and printed after the logbook, in this order.
export const PACK_SECTIONS: readonly PackSection<never>[] = [
  breaksSection,
  reviewsSection,
  attendanceSection,
] as unknown as PackSection<never>[];

/** Each section's data for the placements, one statement per section. */
export async function loadSections(q: Sql, placementIds: string[]) {
  const loaded = await Promise.all(PACK_SECTIONS.map((s) => s.load(q, placementIds)));
  return (placementId: string) => Object.fromEntries(PACK_SECTIONS.map((s, i) => [s.key, loaded[i].get(placementId)]));
}

/** The week's standing sign-off: its last event when that is the supervisor's; a resubmitted week waits for a new one. */
const decisionOf = (events: PackEvent[]) => {
  const last = events.at(-1);
  return last && last.kind !== 'SUBMITTED' ? last : null;
};

/** The placement's weeks over its OJT window, each with its days, state and latest submission and decision. */
export function packOf(
  placement: PackPlacement,
  window: { start: string; end: string },
  sections: Record<string, unknown>,
  now: Date,
  today: string,
): TraineePack {
  const stored = new Map(placement.weeks.map((w) => [w.week, w]));
  const weeks = placementWeeks(window.start, window.end).map((w) => {
    const s = stored.get(w.week);
    const events = s?.events ?? [];
    const days = s?.days ?? [];
    return {
      week: w.week,
      starts_on: w.starts_on,
      ends_on: w.ends_on,
      status: s?.status ?? ('DRAFT' as LogbookWeekStatus),
      days,
      files: s?.files ?? [],
      events,
      hours: days.reduce((n, d) => n + d.hours, 0),
      submitted: events.findLast((e) => e.kind === 'SUBMITTED') ?? null,
      decision: decisionOf(events),
    };
  });
  // Written weeks outside today's window (the timeline moved) are kept: they are still evidence.
  for (const s of placement.weeks)
    if (!weeks.some((w) => w.week === s.week))
      weeks.push({
        ...s,
        starts_on: s.days[0]?.date ?? '',
        ends_on: s.days.at(-1)?.date ?? '',
        hours: s.days.reduce((n, d) => n + d.hours, 0),
        submitted: s.events.findLast((e) => e.kind === 'SUBMITTED') ?? null,
        decision: decisionOf(s.events),
      });
  return { placement, starts_on: window.start, ends_on: window.end, today, generated_at: now, weeks, sections };
}

/** Hours against the target: signed, waiting, due so far and over the whole window. */
export function packHours(p: TraineePack) {
  const sum = (status: LogbookWeekStatus[]) => p.weeks.filter((w) => status.includes(w.status)).reduce((n, w) => n + w.hours, 0);
  const target = p.placement.weekly_hours_target;
  const windowWeeks = p.weeks.filter((w) => w.starts_on >= p.starts_on && w.ends_on <= p.ends_on);
  return {
    approved: sum(['APPROVED']),
    waiting: sum(['SUBMITTED']),
    returned: sum(['RETURNED']),
    due: windowWeeks.filter((w) => w.ends_on < p.today).length * target,
    target_total: windowWeeks.length * target,
    weeks: windowWeeks.length,
    weeks_approved: p.weeks.filter((w) => w.status === 'APPROVED').length,
    weeks_waiting: p.weeks.filter((w) => w.status === 'SUBMITTED').length,
    weeks_returned: p.weeks.filter((w) => w.status === 'RETURNED').length,
  };
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
const hoursText = (h: number) => `${Number(h.toFixed(2))} h`;
const DAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayText = (d: string) => DAY.format(new Date(`${d}T00:00:00Z`));
const SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateText = (d: string) => (d ? DATE.format(new Date(`${d}T00:00:00Z`)) : '');
const shortDate = (d: string) => (d ? SHORT.format(new Date(`${d}T00:00:00Z`)) : '');
/** Bytes as the apps write them (the UI's formatFileSize): '272 bytes', '2.5 KB', '3.2 MB'. */
const sizeText = (bytes: number) => {
  const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  return bytes < 1024 * 1024 ? `${oneDecimal(bytes / 1024)} KB` : `${oneDecimal(bytes / 1024 / 1024)} MB`;
};
/** A file as the pack names it: its name, size and when it was added (the files themselves stay in the school's storage). */
const fileText = (f: WeekFileRow) => `${f.name} (${sizeText(f.size_bytes)}, added ${deadlineText(f.added_at)})`;
const weeksText = (n: number) => `${n} week${n === 1 ? '' : 's'}`;
const EVENT: Record<PackEvent['kind'], string> = { SUBMITTED: 'Submitted', APPROVED: 'Signed off', RETURNED: 'Returned' };
const eventText = (e: PackEvent) => `${EVENT[e.kind]} by ${e.by}, ${deadlineText(e.at)}${e.comment ? `: “${e.comment}”` : ''}`;

/** The pack's lines in order: placement, hours, logbook week by week, then the extra sections. */
export function packLines(p: TraineePack): string[] {
  const pl = p.placement;
  const h = packHours(p);
  const lines = [
    '# Placement',
    `Trainee: ${fullName(pl.trainee)} (${pl.trainee.email})`,
    `Cohort: ${pl.cohort_title}`,
    `Host company: ${pl.host_name}, registration number ${pl.host_registration_number}`,
    `Site: ${pl.site}${pl.site_address ? `, ${pl.site_address}` : ''}`,
    `Supervisor: ${pl.supervisor_name}, ${pl.supervisor_email}, ${pl.supervisor_phone}`,
    `On-the-job training: ${dateText(p.starts_on)} to ${dateText(p.ends_on)} (${weeksText(h.weeks)})`,
    `Hours target: ${hoursText(pl.weekly_hours_target)} a week`,
    `Coach: ${pl.coach ? `${fullName(pl.coach)} (${pl.coach.email})` : 'none named'}`,
    '# Hours against target',
    `Signed off by the supervisor: ${hoursText(h.approved)} in ${weeksText(h.weeks_approved)}.`,
    `Submitted, waiting for the supervisor: ${hoursText(h.waiting)} in ${weeksText(h.weeks_waiting)}. Returned for changes: ${hoursText(h.returned)} in ${weeksText(h.weeks_returned)}.`,
    `Due by ${dateText(p.today)}: ${hoursText(h.due)} (weeks ended × target). Whole placement: ${hoursText(h.target_total)}.`,
    '# Logbook',
  ];
  for (const w of p.weeks) {
    lines.push(
      `## Week ${w.week} · ${shortDate(w.starts_on)} – ${shortDate(w.ends_on)} · ${LOGBOOK_STATUS_LABELS[w.status]} · ${hoursText(w.hours)} of ${hoursText(pl.weekly_hours_target)}`,
    );
    if (!w.events.length && !w.days.length && !w.files.length) lines.push('Nothing logged.');
    for (const e of w.events) lines.push(eventText(e));
    for (const d of w.days) {
      lines.push(`${dayText(d.date)} · ${hoursText(d.hours)}${d.job_role ? ` · ${d.job_role}` : ''}`);
      if (d.tasks) lines.push(`Tasks: ${d.tasks}`);
      if (d.evidence) lines.push(`Evidence: ${d.evidence}`);
    }
    if (w.files.length) lines.push(`Files: ${w.files.map(fileText).join('; ')}`);
  }
  for (const s of PACK_SECTIONS) lines.push(`# ${s.title}`, ...s.lines(p.sections[s.key] as never, p));
  return lines;
}

// ---- PDF -----------------------------------------------------------------------------------------

const PAGE = { width: 595.28, height: 841.89, margin: 48, footer: 28 };
const INK: PdfColor = [0.04, 0.12, 0.23];
const MUTED: PdfColor = [0.3, 0.33, 0.38];

/**
 * Lines wrapped at spaces by the widths of their words, each measured once per document: a pack
 * repeats its words a great deal, and measuring every candidate line again would cost the cohort
 * job most of its time.
 */
class Wrapper {
  private readonly widths = new Map<string, number>();
  constructor(private readonly pdf: PdfWriter) {}

  private async width(word: string, size: number, weight: PdfWeight) {
    const key = `${weight}${size}|${word}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = await this.pdf.widthOf(word, size, weight);
      this.widths.set(key, w);
    }
    return w;
  }

  async wrap(text: string, size: number, maxWidth: number, weight: PdfWeight): Promise<string[]> {
    const out: string[] = [];
    const space = await this.width(' ', size, weight);
    for (const paragraph of text.split('\n')) {
      let line = '';
      let width = 0;
      for (let word of paragraph.split(/\s+/).filter(Boolean)) {
        let w = await this.width(word, size, weight);
        // A word wider than the line (a long reference) is cut where it reaches the edge.
        while (w > maxWidth) {
          if (line) out.push(line);
          const chars = [...word];
          const n = Math.max(1, Math.floor((chars.length * maxWidth) / w) - 1);
          out.push(chars.slice(0, n).join(''));
          word = chars.slice(n).join('');
          w = await this.width(word, size, weight);
          line = '';
          width = 0;
        }
        if (line && width + space + w > maxWidth) {
          out.push(line);
          line = word;
          width = w;
        } else {
          line = line ? `${line} ${word}` : word;
          width = line === word ? w : width + space + w;
        }
      }
      if (line) out.push(line);
    }
    return out;
  }
}

/** The trainee's pack as an A4 PDF: a title, the lines with headings, and a footer naming the trainee on every page. */
export async function buildPackPdf(p: TraineePack): Promise<Buffer> {
  const name = fullName(p.placement.trainee);
  const pdf = await PdfWriter.create({ width: PAGE.width, height: PAGE.height, title: `On-the-job training evidence: ${name}` });
  const wrapper = new Wrapper(pdf);
  const maxWidth = PAGE.width - 2 * PAGE.margin;
  const pages = [pdf.addPage()];
  let y = PAGE.height - PAGE.margin;
  const put = async (text: string, size: number, weight: PdfWeight, before: number, after: number, color?: PdfColor) => {
    y -= before;
    for (const line of await wrapper.wrap(text, size, maxWidth, weight)) {
      if (y - size * 1.3 < PAGE.margin + PAGE.footer) {
        pages.push(pdf.addPage());
        y = PAGE.height - PAGE.margin;
      }
      y -= size * 1.3;
      await pdf.drawText(pages.at(-1)!, line, PAGE.margin, y, { size, weight, color });
    }
    y -= after;
  };
  await put('On-the-job training evidence', 20, 'bold', 0, 2, INK);
  await put(`${name} · ${p.placement.cohort_title}`, 12, 'regular', 0, 2, MUTED);
  await put(`Prepared ${deadlineText(p.generated_at)}`, 9, 'regular', 0, 8, MUTED);
  for (const line of packLines(p)) {
    if (line.startsWith('## ')) await put(line.slice(3), 10.5, 'bold', 6, 2, INK);
    else if (line.startsWith('# ')) await put(line.slice(2), 14, 'bold', 10, 4, INK);
    else await put(line, 9.5, 'regular', 0, 2);
  }
  for (const [i, page] of pages.entries())
    await pdf.drawText(page, `${name} · on-the-job training evidence · page ${i + 1} of ${pages.length}`, PAGE.margin, PAGE.margin - 8, {
      size: 8,
      color: MUTED,
    });
  return pdf.toBuffer();
}

// ---- CSV -----------------------------------------------------------------------------------------

/**
 * The trainee's CSV: one row per logged day, each carrying who the trainee is, where they were
 * placed, and the week's state and sign-off (who signed or returned it, when, with what comment),
 * so that a funder's auditor can filter and total it without the PDF.
 */
export const DAY_CSV_HEADER = [
  'trainee_name',
  'trainee_email',
  'cohort',
  'host_company',
  'host_registration_number',
  'site',
  'supervisor_name',
  'supervisor_email',
  'coach',
  'weekly_hours_target',
  'week_number',
  'week_starts_on',
  'week_ends_on',
  'week_state',
  'week_hours',
  'date',
  'hours',
  'job_role',
  'tasks',
  'evidence',
  'week_files',
  'submitted_by',
  'submitted_at',
  'signoff',
  'signoff_by',
  'signoff_at',
  'signoff_comment',
  'week_history',
] as const;

export function dayRows(p: TraineePack): unknown[][] {
  const pl = p.placement;
  const out: unknown[][] = [];
  for (const w of p.weeks)
    for (const d of w.days)
      out.push([
        fullName(pl.trainee),
        pl.trainee.email,
        pl.cohort_title,
        pl.host_name,
        pl.host_registration_number,
        pl.site,
        pl.supervisor_name,
        pl.supervisor_email,
        pl.coach ? fullName(pl.coach) : '',
        pl.weekly_hours_target,
        w.week,
        w.starts_on,
        w.ends_on,
        w.status,
        w.hours,
        d.date,
        d.hours,
        d.job_role,
        d.tasks,
        d.evidence,
        w.files.map((f) => f.name).join(' | '),
        w.submitted?.by ?? '',
        w.submitted?.at ?? '',
        w.decision?.kind ?? '',
        w.decision?.by ?? '',
        w.decision?.at ?? '',
        w.decision?.comment ?? '',
        w.events.map((e) => `${e.kind} ${e.at} ${e.by}${e.comment ? `: ${e.comment}` : ''}`).join(' | '),
      ]);
  return out;
}

export const packCsv = (p: TraineePack): string => toCsv(DAY_CSV_HEADER, dayRows(p));

/** The cohort CSV: one row per placed trainee, their hours against target, weeks by state and each section's summary. */
export function cohortCsv(packs: TraineePack[]): string {
  const extra = PACK_SECTIONS.flatMap((s) => Object.keys(s.summary(undefined)));
  const header = [
    'trainee_name',
    'trainee_email',
    'host_company',
    'host_registration_number',
    'site',
    'supervisor_name',
    'coach',
    'ojt_starts_on',
    'ojt_ends_on',
    'weekly_hours_target',
    'weeks',
    'weeks_signed_off',
    'weeks_waiting',
    'weeks_returned',
    'hours_signed_off',
    'hours_waiting',
    'hours_due',
    'hours_target_total',
    ...extra,
    'files',
  ];
  const rows = packs.map((p) => {
    const pl = p.placement;
    const h = packHours(p);
    const summary = Object.assign({}, ...PACK_SECTIONS.map((s) => s.summary(p.sections[s.key] as never))) as Record<string, unknown>;
    return [
      fullName(pl.trainee),
      pl.trainee.email,
      pl.host_name,
      pl.host_registration_number,
      pl.site,
      pl.supervisor_name,
      pl.coach ? fullName(pl.coach) : '',
      p.starts_on,
      p.ends_on,
      pl.weekly_hours_target,
      h.weeks,
      h.weeks_approved,
      h.weeks_waiting,
      h.weeks_returned,
      h.approved,
      h.waiting,
      h.due,
      h.target_total,
      ...extra.map((k) => summary[k]),
      packFileStem(p),
    ];
  });
  return toCsv(header, rows);
}

/** The name both of a trainee's files share, readable and unique in the cohort: `evidence-<name>-<trainee id>`. */
export function packFileStem(p: TraineePack): string {
  const name = fullName(p.placement.trainee)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return `evidence-${name ? `${name}-` : ''}${p.placement.trainee.id_slug}`;
}
