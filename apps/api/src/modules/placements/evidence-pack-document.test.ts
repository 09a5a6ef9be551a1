import { describe, expect, it } from 'vitest';
import { cohortCsv, dayRows, DAY_CSV_HEADER, packHours, packLines, packOf, PACK_SECTIONS } from './evidence-pack-document';
import type { PackPlacement } from './evidence-pack.queries';
import { deadlineText } from '../../common/school-time';

const day = (date: string, hours = 8) => ({ date, hours, tasks: `Tasks of ${date}`, job_role: '', evidence: '' });
const at = (d: string) => `${d}T02:00:00.000Z`;
const placement: PackPlacement = {
  id: '1',
  id_slug: 'p1',
  cohort_id: '1',
  user_id: '1',
  cohort_title: 'Wafer 2026',
  trainee: { id_slug: 'u1', first_name: 'Aina', last_name: 'Rahim', email: 'aina@example.test' },
  host_name: 'Penang Fab',
  host_registration_number: '2019',
  site: 'Fab 2',
  site_address: '',
  supervisor_name: 'Encik Rahman',
  supervisor_email: 'rahman@example.test',
  supervisor_phone: '+60 4-1',
  weekly_hours_target: 40,
  coach: null,
  weeks: [
    {
      week: 1,
      status: 'APPROVED',
      days: [day('2026-05-04'), day('2026-05-05', 7.5)],
      files: [
        { id_slug: 'f1', name: 'wafer-log.pdf', content_type: 'application/pdf', size_bytes: 2_600, added_at: at('2026-05-09') },
        { id_slug: 'f2', name: 'training-form.jpg', content_type: 'image/jpeg', size_bytes: 3_355_443, added_at: at('2026-05-09') },
      ],
      events: [
        { kind: 'SUBMITTED', by: 'Aina Rahim', comment: '', at: at('2026-05-10') },
        { kind: 'APPROVED', by: 'Encik Rahman', comment: 'Good week', at: at('2026-05-11') },
      ],
    },
    {
      week: 2,
      status: 'SUBMITTED',
      days: [day('2026-05-11')],
      files: [],
      events: [
        { kind: 'SUBMITTED', by: 'Aina Rahim', comment: '', at: at('2026-05-17') },
        { kind: 'RETURNED', by: 'Encik Rahman', comment: 'Add the lot numbers', at: at('2026-05-18') },
        { kind: 'SUBMITTED', by: 'Aina Rahim', comment: '', at: at('2026-05-19') },
      ],
    },
  ],
};
const reviews = [
  {
    review_week: 4,
    frozen_at: '2026-05-30T02:00:00.000Z',
    pdf_sha256: 'ab'.repeat(32),
    signatures: [
      { party: 'TRAINEE' as const, by_name: 'Aina Rahim', signed_at: '2026-05-29T02:00:00.000Z' },
      { party: 'SUPERVISOR' as const, by_name: 'Encik Rahman', signed_at: '2026-05-29T06:00:00.000Z' },
      { party: 'COACH' as const, by_name: 'Tan Coach', signed_at: '2026-05-30T02:00:00.000Z' },
    ],
  },
];
const breaks = [
  {
    starts_on: '2026-05-11',
    ends_on: '2026-05-12',
    days: 2,
    withdrawn: false,
    reason: 'ILLNESS' as const,
    note: 'Fever',
    recorded_by: 'Tan Coach',
  },
  {
    starts_on: '2026-05-18',
    ends_on: '2026-05-18',
    days: 0,
    withdrawn: true,
    reason: 'PERSONAL' as const,
    note: '',
    recorded_by: 'Tan Coach',
  },
];
const pack = packOf(
  placement,
  { start: '2026-05-04', end: '2026-05-24' },
  { reviews, breaks },
  new Date('2026-05-20T00:00:00Z'),
  '2026-05-20',
);

describe('a trainee’s evidence pack', () => {
  it('spans the OJT window, each week with its latest submission and the supervisor’s decision on it', () => {
    expect(pack.weeks.map((w) => [w.week, w.status, w.hours])).toEqual([
      [1, 'APPROVED', 15.5],
      [2, 'SUBMITTED', 8],
      [3, 'DRAFT', 0],
    ]);
    expect(pack.weeks[0].decision).toMatchObject({ kind: 'APPROVED', comment: 'Good week' });
    // Returned, then resubmitted: it waits for a new decision; the return stays in its history.
    expect(pack.weeks[1].decision).toBeNull();
    expect(pack.weeks[1].submitted?.at).toBe(at('2026-05-19'));
    expect(packHours(pack)).toMatchObject({ approved: 15.5, waiting: 8, due: 80, target_total: 120, weeks: 3, weeks_approved: 1 });
  });

  it('prints every event of a week, the returned one too, and a week with nothing logged', () => {
    const lines = packLines(pack);
    expect(lines).toContain('Signed off by the supervisor: 15.5 h in 1 week.');
    expect(lines.some((l) => l.startsWith('Returned by Encik Rahman,') && l.endsWith('“Add the lot numbers”'))).toBe(true);
    expect(lines.filter((l) => l.startsWith('Submitted by Aina Rahim'))).toHaveLength(3);
    expect(lines.at(lines.indexOf(lines.find((l) => l.startsWith('## Week 3'))!) + 1)).toBe('Nothing logged.');
    expect(lines).toContain(
      `Files: wafer-log.pdf (2.5 KB, added ${deadlineText(at('2026-05-09'))}); training-form.jpg (3.2 MB, added ${deadlineText(at('2026-05-09'))})`,
    );
    expect(lines.filter((l) => l.startsWith('Files:'))).toHaveLength(1);
    // Each extra section (breaks, reviews, attendance) follows the logbook under its own heading.
    for (const s of PACK_SECTIONS) expect(lines).toContain(`# ${s.title}`);
  });

  it('lists the standing breaks and each review with its signatures and, once frozen, its hash', () => {
    const lines = packLines(pack);
    expect(lines).toContain('Illness: 11 May 2026 – 12 May 2026 (2 days) - Fever; recorded by Tan Coach');
    expect(lines.filter((l) => l.startsWith('Personal'))).toEqual([]);
    expect(lines).toContain('## Week 4 review · Signed by all three');
    expect(lines).toContain(`Frozen ${deadlineText('2026-05-30T02:00:00.000Z')}; SHA-256 of its PDF: ${'ab'.repeat(32)}`);
    expect(lines.filter((l) => l.startsWith('Signed by the '))).toHaveLength(3);
    expect(lines).toContain('## Week 8 review · Not started');
    const [header, row] = cohortCsv([pack]).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain('"break_days"');
    expect(header).toContain('"reviews_signed_by_all"');
    expect(row).toContain('"2","1"');
  });

  it('has a CSV row per logged day with the week’s sign-off, and a cohort row per trainee', () => {
    const rows = dayRows(pack).map((r) => Object.fromEntries(DAY_CSV_HEADER.map((h, i) => [h, r[i]])));
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      week_state: 'APPROVED',
      signoff: 'APPROVED',
      signoff_by: 'Encik Rahman',
      signoff_comment: 'Good week',
    });
    expect(rows[0].week_files).toBe('wafer-log.pdf | training-form.jpg');
    expect(rows[2]).toMatchObject({ week_state: 'SUBMITTED', signoff: '', submitted_at: at('2026-05-19'), week_files: '' });
    expect(String(rows[2].week_history).split(' | ')).toHaveLength(3);
    const [header, row] = cohortCsv([pack]).replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain('"hours_signed_off"');
    expect(header).toContain('"attendance_percent"');
    expect(row).toContain('"15.5"');
  });
});
