import { BadRequestException } from '@nestjs/common';
import type { CohortStatus } from '@school/contracts';

/** The page and size of an admin list, as parsed by the contracts' list query schemas. */
export interface PageQuery {
  page: number;
  page_size: number;
}

/**
 * Turns an `order_by` value into a SQL ORDER BY list from a whitelist (`-field` is descending).
 * The internal id is appended so that pages never overlap when sort keys tie.
 */
export function orderBy(value: string | undefined, columns: Record<string, string>, fallback: string, tiebreak: string): string {
  const key = value || fallback;
  const desc = key.startsWith('-');
  const name = desc ? key.slice(1) : key;
  // Own keys only: `__proto__`, `constructor` or `toString` must not reach Object.prototype.
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) {
    const allowed = Object.keys(columns).flatMap((c) => [c, `-${c}`]).join(', ');
    const message = `order_by must be one of ${allowed}`;
    throw new BadRequestException({ message, errors: { order_by: message } });
  }
  const dir = desc ? 'DESC' : 'ASC';
  return `${column} ${dir}, ${tiebreak} ${dir}`;
}

export const pageOffset = (q: PageQuery) => (q.page - 1) * q.page_size;

export const numPages = (count: number, pageSize: number) => Math.ceil(count / pageSize);

/** A search term for ILIKE: the user's text matched literally anywhere. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL rendering a timestamptz as an ISO 8601 UTC string inside json_build_object. */
export const iso = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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

export const toIso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());
