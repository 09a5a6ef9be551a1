import type { Initiative } from './schemas';

/** Application initiatives listed on /apply. */
export const initiatives: readonly Initiative[] = [
  {
    id_slug: 'ini_7f3c9a2e5b8d4c16',
    created_date: '2025-06-02T02:00:00Z',
    modified_date: '2025-07-15T02:00:00Z',
    title: 'Semiconductor Youth Development Programme 2025',
    frontend_slug: 'youth-programme-2025',
    description:
      'A free programme for unemployed Malaysian graduates aged 30 or below with a degree or diploma. Participants receive RM 2,500 a month for 4 months, train online in Analog Design, Digital Design or Packaging, complete 16 weeks of paid on-the-job training and get 60 days of extended career support. The first cohort starts on 1 September 2025.',
    application_open: true,
    time_period: 'September 2025 – December 2025',
    partner: null,
  },
];

export function getInitiative(frontendSlug: string): Initiative | undefined {
  return initiatives.find((initiative) => initiative.frontend_slug === frontendSlug);
}
