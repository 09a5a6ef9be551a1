import type { Initiative } from './schemas';

/** The server's and the site's refusal when an initiative does not take applications now. */
export const APPLICATIONS_CLOSED_MESSAGE = 'Applications for this programme are closed.';

/** Application initiatives listed on /apply, newest intake first. */
export const initiatives: readonly Initiative[] = [
  {
    id_slug: 'ini_4b1e8d0c7a2f9e35',
    created_date: '2026-09-15T02:00:00Z',
    modified_date: '2026-09-15T02:00:00Z',
    title: 'Semiconductor Youth Development Programme 2027',
    frontend_slug: 'youth-programme-2027',
    description:
      'A free programme for unemployed Malaysian graduates aged 30 or below with a degree or diploma. Participants receive RM 2,500 a month for 4 months, train online in Analog Design, Digital Design or Packaging, complete 16 weeks of paid on-the-job training and get 60 days of extended career support. The first cohort starts on 1 March 2027.',
    opens_at: '2026-10-01T00:00:00+08:00',
    closes_at: '2027-01-31T23:59:59+08:00',
    time_period: 'March 2027 – June 2027',
    first_cohort_start_label: '1 March 2027',
    first_cohort_start: '2027-03-01',
    partner: null,
  },
  {
    id_slug: 'ini_7f3c9a2e5b8d4c16',
    created_date: '2025-06-02T02:00:00Z',
    modified_date: '2025-07-15T02:00:00Z',
    title: 'Semiconductor Youth Development Programme 2025',
    frontend_slug: 'youth-programme-2025',
    description:
      'A free programme for unemployed Malaysian graduates aged 30 or below with a degree or diploma. Participants receive RM 2,500 a month for 4 months, train online in Analog Design, Digital Design or Packaging, complete 16 weeks of paid on-the-job training and get 60 days of extended career support. The first cohort starts on 1 September 2025.',
    opens_at: '2025-06-02T00:00:00+08:00',
    closes_at: '2025-08-15T23:59:59+08:00',
    time_period: 'September 2025 – December 2025',
    first_cohort_start_label: '1 September 2025',
    first_cohort_start: '2025-09-01',
    partner: null,
  },
];

export function getInitiative(frontendSlug: string): Initiative | undefined {
  return initiatives.find((initiative) => initiative.frontend_slug === frontendSlug);
}

/** `application_open`: whether the initiative takes applications at `now` (from opens_at until closes_at). */
export function isApplicationOpen(initiative: Pick<Initiative, 'opens_at' | 'closes_at'>, now: Date = new Date()): boolean {
  const t = now.getTime();
  return Date.parse(initiative.opens_at) <= t && t <= Date.parse(initiative.closes_at);
}

/** The programme's intakes (its initiatives), newest first, as a select offers them. */
export function intakeOptions(): { value: string; label: string }[] {
  return [...initiatives]
    .sort((a, b) => Date.parse(b.opens_at) - Date.parse(a.opens_at))
    .map((i) => ({ value: i.frontend_slug, label: i.title }));
}

/**
 * The intake admissions show by default (the admin screens and the API's figures): the one taking
 * applications now, otherwise the newest that has opened, otherwise the first listed.
 */
export function currentIntake(now: Date = new Date()): string {
  const open = initiatives.find((i) => isApplicationOpen(i, now));
  if (open) return open.frontend_slug;
  const opened = initiatives
    .filter((i) => Date.parse(i.opens_at) <= now.getTime())
    .sort((a, b) => Date.parse(b.opens_at) - Date.parse(a.opens_at));
  return (opened[0] ?? initiatives[0]).frontend_slug;
}
