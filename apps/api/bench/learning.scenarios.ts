import { dataEnvelope } from '../src/common/json-text';
import { CurriculumCache, type RunPrepared, USER_COHORT_PROGRESS_SQL, USER_COHORTS_SQL, userCohortViewJson } from '../src/modules/learning';
import type { Scenario, ScenarioContext } from './scenario';

/** Readable enrolments (ACTIVE or SUSPENDED, cohort still open) of students, spread over the school. */
async function readableEnrolments(ctx: ScenarioContext, limit = 4000) {
  return ctx.db.query(
    `SELECT u.id, u.id_slug, c.id_slug AS cohort_slug
       FROM enrolments e JOIN users u ON u.id = e.user_id JOIN cohorts c ON c.id = e.cohort_id
      WHERE u.role = 'STUDENT' AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED') AND c.end_access_date > now()
      ORDER BY md5(u.id_slug || c.id_slug) LIMIT $1`,
    [limit],
  ) as Promise<{ id: string; id_slug: string; cohort_slug: string }[]>;
}

/**
 * Every run starts from the same state: each enrolment's recorded visit somewhere in the last 5
 * minutes (the API writes a visit at most once per 5 minutes), spread evenly. That is the steady
 * state of students who keep opening their classes, as the benchmark's load does: a visit is
 * written when an enrolment's last one turns 5 minutes old during the run, alike on both servers.
 */
async function resetVisits(ctx: ScenarioContext) {
  await ctx.db.query(`UPDATE enrolments SET latest_access_datetime = now() - interval '5 minutes' * ((id * 7919) % 1000) / 1000.0`);
}

const match = (url: URL, re: RegExp) => re.exec(url.pathname);

// The ceilings use the same named prepared statements as the API (see common/sql/db.ts).

export const dashboardScenario: Scenario = {
  name: 'dashboard (user-cohorts)',
  async requests(ctx) {
    const rows = await readableEnrolments(ctx);
    return rows.map((r) => ({
      method: 'GET' as const,
      path: `/api/user-cohorts/user/${r.id_slug}/`,
      headers: { authorization: `Bearer ${ctx.tokenFor({ ...r, role: 'STUDENT' })}` },
    }));
  },
  async ceiling(client, req) {
    const m = match(req.url, /^\/api\/user-cohorts\/user\/([^/]+)\/?$/);
    if (!m) return { status: 404, body: { message: 'Not found' } };
    const { rows } = await client.query({ name: 'learning.user-cohorts', text: USER_COHORTS_SQL, values: [m[1]] });
    return { status: 200, body: { data: rows } };
  },
  async statementAlone(ctx, pool) {
    const rows = await readableEnrolments(ctx, 200);
    return rows.map((r) => () => pool.query({ name: 'learning.user-cohorts', text: USER_COHORTS_SQL, values: [r.id_slug] }));
  },
};

/** The ceiling's own curriculum cache: the same work as the API (see cohort-view.ts). */
const ceilingCurricula = new CurriculumCache();

export const cohortViewScenario: Scenario = {
  name: 'cohort view',
  reset: resetVisits,
  async requests(ctx) {
    const rows = await readableEnrolments(ctx);
    return rows.map((r) => ({
      method: 'GET' as const,
      path: `/api/cohorts/${r.cohort_slug}/user/${r.id_slug}/`,
      headers: { authorization: `Bearer ${ctx.tokenFor({ ...r, role: 'STUDENT' })}` },
    }));
  },
  async ceiling(client, req) {
    const m = match(req.url, /^\/api\/cohorts\/([^/]+)\/user\/([^/]+)\/?$/);
    if (!m) return { status: 404, body: { message: 'Not found' } };
    const run: RunPrepared = async (name, text, values) => (await client.query({ name, text, values })).rows;
    const view = await userCohortViewJson(run, ceilingCurricula, m[1], m[2], true);
    return view
      ? { status: 200, json: dataEnvelope(view) }
      : { status: 404, body: { message: 'This content is not available right now.' } };
  },
  // The student's part (the curriculum is cached per process): what each request runs.
  async statementAlone(ctx, pool) {
    const rows = await readableEnrolments(ctx, 200);
    return rows.map(
      (r) => () =>
        pool.query({ name: 'learning.cohort-progress', text: USER_COHORT_PROGRESS_SQL, values: [r.cohort_slug, r.id_slug, true] }),
    );
  },
  targets: { minRatio: 0.75, maxP99Ms10: 20 },
};

export const learningScenarios: Scenario[] = [dashboardScenario, cohortViewScenario];
