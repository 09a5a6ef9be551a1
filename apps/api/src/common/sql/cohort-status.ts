import type { CohortStatus } from '@school/contracts';

/** SQL deriving a cohort's status from its dates (see COHORT_STATUSES). */
export const cohortStatus = (alias: string) =>
  `(CASE WHEN now() < ${alias}.start_date THEN 'UPCOMING' WHEN now() <= ${alias}.end_date THEN 'ONGOING'
         WHEN now() <= ${alias}.end_access_date THEN 'COMPLETED' ELSE 'ACCESS_CLOSED' END)`;

/**
 * SQL selecting the cohorts in a status, as ranges on single date columns (each indexed) rather
 * than on the CASE above. They agree with it because cohorts_dates_ordered keeps
 * start_date < end_date <= end_access_date.
 */
export function cohortStatusWhere(alias: string, status: CohortStatus): string {
  switch (status) {
    case 'UPCOMING':
      return `${alias}.start_date > now()`;
    case 'ONGOING':
      return `${alias}.start_date <= now() AND ${alias}.end_date >= now()`;
    case 'COMPLETED':
      return `${alias}.end_date < now() AND ${alias}.end_access_date >= now()`;
    case 'ACCESS_CLOSED':
      return `${alias}.end_access_date < now()`;
  }
}
