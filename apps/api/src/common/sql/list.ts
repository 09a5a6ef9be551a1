import { BadRequestException } from '@nestjs/common';
import { one, type Sql } from './db';

/** The page and size of an admin list, as parsed by the contracts' list query schemas. */
export interface PageQuery {
  page: number;
  page_size: number;
}

/** The body of the 400 answering an unknown `order_by` (the keys it accepts, each also with `-`). */
export type SortRefusal = (allowed: string[]) => { message: string; errors: { order_by: string } };

/** How a list treats `order_by`: the 400 it answers, and whether an empty value is refused or means the default. */
export interface SortRules {
  refuse: SortRefusal;
  blankRefused: boolean;
}

/** The admin lists of courses, cohorts, students and certificates. */
export const ADMIN_SORT: SortRules = {
  refuse: (allowed) => {
    const message = `order_by must be one of ${allowed.join(', ')}`;
    return { message, errors: { order_by: message } };
  },
  blankRefused: false,
};

/** The lists of form submissions and programme applications. */
export const SUBMISSION_SORT: SortRules = {
  refuse: (allowed) => ({ message: `order_by must be one of: ${allowed.join(', ')}`, errors: { order_by: 'Unknown sort order' } }),
  blankRefused: true,
};

/**
 * Turns an `order_by` value into a SQL ORDER BY list from a whitelist (`-field` is descending).
 * The tiebreak column (the internal id) is appended so that pages never overlap when sort keys tie.
 */
export function orderBy(
  value: string | undefined,
  columns: Readonly<Record<string, string>>,
  fallback: string,
  tiebreak = 'id',
  rules = ADMIN_SORT,
): string {
  const key = value === undefined || (!value && !rules.blankRefused) ? fallback : value;
  const desc = key.startsWith('-');
  const name = desc ? key.slice(1) : key;
  // Own keys only: `__proto__`, `constructor` or `toString` must not reach Object.prototype.
  const column = Object.hasOwn(columns, name) ? columns[name] : undefined;
  if (!column) throw new BadRequestException(rules.refuse(Object.keys(columns).flatMap((c) => [c, `-${c}`])));
  const dir = desc ? 'DESC' : 'ASC';
  return `${column} ${dir}, ${tiebreak} ${dir}`;
}

export const pageOffset = (q: PageQuery) => (q.page - 1) * q.page_size;

export const numPages = (count: number, pageSize: number) => Math.ceil(count / pageSize);

/** A search term for ILIKE: the user's text matched literally anywhere. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL rendering a timestamptz as an ISO 8601 UTC string inside json_build_object. */
export const iso = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const toIso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** One page of a list in one statement: the rows matching (CTE `f`), counted, and one page of them as JSON. */
export interface PageSpec {
  /** CTEs the matching rows refer to, written before `f` (`k AS (...)`). */
  with?: string;
  /** The SELECT of every matching row; it becomes the CTE `f`. */
  matching: string;
  /** The ORDER BY list over f's columns (see orderBy). */
  order: string;
  /** The JSON of one row of the page, whose alias is `as`. */
  item: string;
  /** The page's alias in `item` and `join` (default `p`). */
  as?: string;
  /** Joins after the page (a LATERAL for each row's details). */
  join?: string;
  /** The outer FROM (`FROM k`): when it has no row, the list's owner does not exist and `page` answers undefined. */
  from?: string;
  /** The parameters of `with` and `matching`; the page's LIMIT and OFFSET follow them. */
  params: readonly unknown[];
  page: PageQuery;
}

/** The statement of a PageSpec; it answers one row `{ count, data }`. */
export function pageQuery(spec: PageSpec): { text: string; values: unknown[] } {
  const values = [...spec.params, spec.page.page_size, pageOffset(spec.page)];
  const p = spec.as ?? 'p';
  const text = `WITH ${spec.with ? `${spec.with}, ` : ''}f AS NOT MATERIALIZED (${spec.matching})
SELECT (SELECT count(*)::int FROM f) AS count,
       COALESCE((SELECT json_agg(${spec.item} ORDER BY ${p}.n)
                   FROM (SELECT f.*, row_number() OVER (ORDER BY ${spec.order}) AS n FROM f ORDER BY ${spec.order}
                         LIMIT $${values.length - 1} OFFSET $${values.length}) ${p}
                   ${spec.join ?? ''}), '[]'::json) AS data
${spec.from ?? ''}`;
  return { text, values };
}

/** The count and one page of a list; undefined when the spec's `from` has no row. */
export async function page<T>(q: Sql, spec: PageSpec): Promise<{ data: T[]; count: number } | undefined> {
  const { text, values } = pageQuery(spec);
  return one<{ data: T[]; count: number }>(q, text, values);
}

/** A list's answer `{ data, count, num_pages }`. */
export async function listPage<T>(q: Sql, spec: PageSpec): Promise<{ data: T[]; count: number; num_pages: number }> {
  const { data, count } = (await page<T>(q, spec))!;
  return { data, count, num_pages: numPages(count, spec.page.page_size) };
}
