import {
  ANALYTICS_BREAKDOWNS,
  ANALYTICS_DECISION_STATES,
  ANALYTICS_PIPELINE_STAGES,
  APPLICATION_STATUSES,
  type ApplicationsBreakdownsResponse,
  type ApplicationsFunnelResponse,
  type ApplicationsOverTimeResponse,
  type ApplicationsTimeToDecisionResponse,
  type BreakdownRow,
} from '@school/contracts';
import {
  courseOptions,
  fieldOfStudyOptions,
  highestQualificationOptions,
  type Option,
  optionLabel,
  stateOptions,
} from '@school/catalogue/data';
import { mustOne, rows, type Sql } from '../../common/sql/db';

/** Each breakdown's answers as the application form shows them. */
const BREAKDOWN_OPTIONS: Record<(typeof ANALYTICS_BREAKDOWNS)[number], readonly Option[]> = {
  state: stateOptions,
  highest_qualification: highestQualificationOptions,
  field_study: fieldOfStudyOptions,
  course: courseOptions,
};

/** Weeks and days are the school's: Malaysia's time. */
const TZ = `'Asia/Kuala_Lumpur'`;

/** Which applications a figure counts: one intake, optionally submitted within whole days (both included). */
export interface AnalyticsScope {
  intake: string;
  from: string | null;
  to: string | null;
}

/** The selected applications; $1 intake, $2 first day (or null), $3 last day (or null). */
const SELECTED = `
  SELECT a.* FROM programme_applications a
   WHERE a.intake = $1
     AND ($2::date IS NULL OR a.created_date >= ($2::date::timestamp AT TIME ZONE ${TZ}))
     AND ($3::date IS NULL OR a.created_date < (($3::date + 1)::timestamp AT TIME ZONE ${TZ}))`;

const scopeParams = (s: AnalyticsScope) => [s.intake, s.from, s.to];

/** An ISO week's label and its Monday, from a date column `d`. */
const weekLabel = (d: string) => `to_char(${d}, 'IYYY-"W"IW')`;
const weekOf = (ts: string) => `date_trunc('week', ${ts} AT TIME ZONE ${TZ})::date`;

/**
 * One statement: per state, the applications in it now, and how many reached it. A stage of the
 * main path is reached by every application whose transitions went to it or further along the path
 * (one that skipped a stage still passed it); any other state, by every application that moved there.
 */
export async function funnel(q: Sql, scope: AnalyticsScope): Promise<Omit<ApplicationsFunnelResponse, 'scope' | 'intakes'>> {
  return mustOne(
    q,
    `WITH apps AS MATERIALIZED (SELECT id, status FROM (${SELECTED}) s),
     moves AS MATERIALIZED (
       SELECT t.application_id, t.to_status FROM application_transitions t JOIN apps ON apps.id = t.application_id),
     furthest AS (SELECT max(array_position($4::text[], to_status)) AS stage FROM moves GROUP BY application_id),
     along AS MATERIALIZED (SELECT stage, count(*)::int AS n FROM furthest WHERE stage IS NOT NULL GROUP BY stage),
     aside AS (
       SELECT to_status AS status, count(DISTINCT application_id)::int AS n
         FROM moves WHERE NOT (to_status = ANY ($4::text[])) GROUP BY to_status),
     current AS (SELECT status, count(*)::int AS n FROM apps GROUP BY status),
     stages AS (SELECT s.status, s.n, array_position($4::text[], s.status) AS stage
                  FROM unnest($5::text[]) WITH ORDINALITY AS s(status, n))
     SELECT (SELECT count(*)::int FROM apps) AS total,
            json_agg(json_build_object(
              'status', st.status, 'current', coalesce(c.n, 0),
              'reached', CASE WHEN st.stage IS NOT NULL
                              THEN (SELECT coalesce(sum(a.n), 0)::int FROM along a WHERE a.stage >= st.stage)
                              ELSE coalesce(x.n, 0) END) ORDER BY st.n) AS data
       FROM stages st LEFT JOIN aside x USING (status) LEFT JOIN current c USING (status)`,
    [...scopeParams(scope), ANALYTICS_PIPELINE_STAGES, APPLICATION_STATUSES],
  );
}

/**
 * One statement: every ISO week from the first with activity to the last (empty weeks included),
 * with the applications submitted in it and the transitions into each state made in it.
 */
export async function overTime(q: Sql, scope: AnalyticsScope): Promise<Omit<ApplicationsOverTimeResponse, 'scope'>> {
  return mustOne(
    q,
    `WITH apps AS MATERIALIZED (SELECT id, created_date FROM (${SELECTED}) s),
     submitted AS (SELECT ${weekOf('created_date')} AS week, count(*)::int AS n FROM apps GROUP BY 1),
     moves AS (
       SELECT ${weekOf('t.created_at')} AS week, t.to_status, count(*)::int AS n
         FROM application_transitions t JOIN apps ON apps.id = t.application_id
        GROUP BY 1, 2),
     span AS (SELECT min(week) AS first, max(week) AS last FROM (SELECT week FROM submitted UNION ALL SELECT week FROM moves) w),
     weeks AS (SELECT g::date AS week FROM span, generate_series(span.first, span.last, interval '1 week') g)
     SELECT coalesce(json_agg(json_build_object(
              'week', ${weekLabel('w.week')}, 'week_start', to_char(w.week, 'YYYY-MM-DD'),
              'new_applications', coalesce(s.n, 0),
              'transitions', coalesce((SELECT json_object_agg(m.to_status, m.n ORDER BY m.to_status) FROM moves m WHERE m.week = w.week), '{}'))
            ORDER BY w.week), '[]') AS data
       FROM weeks w LEFT JOIN submitted s USING (week)`,
    scopeParams(scope),
  );
}

/**
 * One statement: applications per answer of each breakdown (grouping sets over the selected
 * applications), with the share of all selected, how many were ever offered a place, and how many
 * are enrolled; most first, then by value.
 */
export async function breakdowns(q: Sql, scope: AnalyticsScope): Promise<Omit<ApplicationsBreakdownsResponse, 'scope'>> {
  const found = await rows<Omit<BreakdownRow, 'label'> & { dimension: (typeof ANALYTICS_BREAKDOWNS)[number]; all: number }>(
    q,
    `WITH apps AS MATERIALIZED (
       SELECT s.state, s.highest_qualification, s.field_study, s.course, s.status,
              EXISTS (SELECT 1 FROM application_transitions t WHERE t.application_id = s.id AND t.to_status = 'OFFERED') AS offered
         FROM (${SELECTED}) s),
     grouped AS (
       SELECT CASE WHEN GROUPING(state) = 0 THEN 'state'
                   WHEN GROUPING(highest_qualification) = 0 THEN 'highest_qualification'
                   WHEN GROUPING(field_study) = 0 THEN 'field_study'
                   ELSE 'course' END AS dimension,
              coalesce(state, highest_qualification, field_study, course) AS value,
              count(*)::int AS total,
              count(*) FILTER (WHERE offered)::int AS offered,
              count(*) FILTER (WHERE status = 'ENROLLED')::int AS enrolled
         FROM apps
        GROUP BY GROUPING SETS ((state), (highest_qualification), (field_study), (course)))
     SELECT g.dimension, g.value, g.total, g.offered, g.enrolled,
            round(g.total::numeric / (SELECT count(*) FROM apps), 4)::float8 AS share,
            (SELECT count(*)::int FROM apps) AS "all"
       FROM grouped g
      ORDER BY g.dimension, g.total DESC, g.value`,
    scopeParams(scope),
  );
  const data = Object.fromEntries(ANALYTICS_BREAKDOWNS.map((d) => [d, [] as BreakdownRow[]])) as ApplicationsBreakdownsResponse['data'];
  for (const { dimension, value, total, share, offered, enrolled } of found)
    data[dimension].push({ value, label: optionLabel(BREAKDOWN_OPTIONS[dimension], value), total, share, offered, enrolled });
  return { total: found[0]?.all ?? 0, data };
}

/**
 * One statement: days from submission to the first decision (decided_at) over the selected
 * applications that have one: median, 90th percentile (continuous) and mean, overall and per ISO
 * week of the decision; and how many are undecided.
 */
export async function timeToDecision(q: Sql, scope: AnalyticsScope): Promise<Omit<ApplicationsTimeToDecisionResponse, 'scope'>> {
  return mustOne(
    q,
    `WITH apps AS MATERIALIZED (SELECT created_date, decided_at FROM (${SELECTED}) s),
     decided AS (
       SELECT ${weekOf('decided_at')} AS week, extract(epoch FROM decided_at - created_date) / 86400 AS days
         FROM apps WHERE decided_at IS NOT NULL),
     figures AS (
       SELECT GROUPING(week) AS overall, week, count(*)::int AS decided,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY days)::numeric, 2)::float8 AS median_days,
              round(percentile_cont(0.9) WITHIN GROUP (ORDER BY days)::numeric, 2)::float8 AS p90_days,
              round(avg(days)::numeric, 2)::float8 AS mean_days
         FROM decided GROUP BY GROUPING SETS ((), (week)))
     SELECT coalesce(o.decided, 0) AS decided, o.median_days, o.p90_days, o.mean_days,
            (SELECT count(*)::int FROM apps WHERE decided_at IS NULL) AS undecided,
            coalesce((SELECT json_agg(json_build_object(
                        'week', ${weekLabel('f.week')}, 'week_start', to_char(f.week, 'YYYY-MM-DD'), 'decided', f.decided,
                        'median_days', f.median_days, 'p90_days', f.p90_days, 'mean_days', f.mean_days) ORDER BY f.week)
                        FROM figures f WHERE f.overall = 0), '[]') AS weeks
       FROM (SELECT 1) one LEFT JOIN figures o ON o.overall = 1`,
    scopeParams(scope),
  );
}

/** A row of the decisions export. */
export interface DecisionRow {
  /** The application's reference as staff read it (first 8 characters of its id, in capitals). */
  reference: string;
  full_name: string;
  email: string;
  course: string;
  state: string;
  status: string;
  decision: string;
  decision_date: string;
  decided_at: string | null;
  reason: string;
  decided_by: string | null;
}

/**
 * One statement: every selected application with a decision, with its latest transition into a
 * decision state (its reason and who made it) and its first decision time; newest decision first.
 * Times as YYYY-MM-DD HH:MI in Malaysia's time. The export names the applicants: each one is
 * written to the audit log of views, by `viewerId`, in the same statement.
 */
export function decisions(q: Sql, scope: AnalyticsScope, viewerId: string): Promise<DecisionRow[]> {
  return rows<DecisionRow>(
    q,
    `WITH picked AS (
     SELECT s.id AS application_id, row_number() OVER (ORDER BY d.created_at DESC, s.id DESC) AS n,
            upper(left(s.id_slug, 8)) AS reference, s.full_name, s.email, s.course, s.state, s.status, d.to_status AS decision,
            to_char(d.created_at AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI') AS decision_date,
            to_char(s.decided_at AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI') AS decided_at,
            d.reason,
            nullif(concat_ws(' ', nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), '<' || u.email || '>'), '') AS decided_by
       FROM (${SELECTED}) s
       CROSS JOIN LATERAL (
         SELECT t.to_status, t.created_at, t.reason, t.actor_id FROM application_transitions t
          WHERE t.application_id = s.id AND t.to_status = ANY ($4::text[])
          ORDER BY t.created_at DESC, t.id DESC LIMIT 1) d
       LEFT JOIN users u ON u.id = d.actor_id),
     logged AS (
       INSERT INTO application_views (application_id, viewer_id, call)
       SELECT application_id, $5, 'applicationsAnalyticsDecisionsExport' FROM picked)
     SELECT reference, full_name, email, course, state, status, decision, decision_date, decided_at, reason, decided_by
       FROM picked ORDER BY n`,
    [...scopeParams(scope), ANALYTICS_DECISION_STATES, viewerId],
  );
}
