import type { AdminCohort } from '@school/contracts';

/** A running cohort with nothing in it, for the cohort page's tab tests; `overrides` sets what a test is about. */
export function aCohort(overrides: Partial<AdminCohort> = {}): AdminCohort {
  return {
    id_slug: 'h1',
    title: 'Cohort 1',
    start_date: '2025-09-01T09:00:00.000Z',
    end_date: '2025-12-01T09:00:00.000Z',
    end_access_date: '2026-01-01T09:00:00.000Z',
    result_open_date: null,
    status: 'ONGOING',
    total_active: 0,
    total_students: 0,
    total_dropped: 0,
    courses: [],
    students: [],
    certificates: [],
    ...overrides,
  };
}
