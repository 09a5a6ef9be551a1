import {
  courseOptions,
  currentIntake,
  fieldOfStudyOptions,
  highestQualificationOptions,
  intakeOptions,
  stateOptions,
} from '@school/catalogue/data';
import { ANALYTICS_DECISION_STATES, ApplicationsAnalyticsQuerySchema, buildPath, routes } from '@school/contracts';
import type pg from 'pg';
import { type AnalyticsScope, breakdowns, decisionsCsvText, funnel, overTime, timeToDecision } from '../src/modules/applications';
import { type CeilingAnswer, type CeilingRequest, type Scenario, type ScenarioContext, userOf } from './scenario';

/** Applications of the intake the figures are measured on, and of an earlier intake beside them. */
export const ANALYTICS_APPLICATIONS = 20_000;
const OTHER_INTAKE_APPLICATIONS = 5_000;
const INTAKE = 'youth-programme-2027';
const OTHER_INTAKE = 'youth-programme-2025';

/** Where applications end up, each path repeated by its weight (a realistic funnel: most stop early). */
const PATHS: [number, string[]][] = [
  [14, ['SUBMITTED']],
  [10, ['SUBMITTED', 'SCREENED']],
  [10, ['SUBMITTED', 'SCREENED', 'IN_REVIEW']],
  [5, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED']],
  [4, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED']],
  [3, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED', 'ACCEPTED']],
  [6, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED', 'ACCEPTED', 'ENROLLED']],
  [18, ['SUBMITTED', 'SCREENED', 'REJECTED']],
  [12, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'REJECTED']],
  [6, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'WAITLISTED']],
  [2, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'WAITLISTED', 'OFFERED', 'ENROLLED']],
  [3, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED', 'DECLINED']],
  [2, ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED', 'OFFER_EXPIRED']],
  [5, ['SUBMITTED', 'WITHDRAWN']],
];
const FIRST_DECISIONS = new Set(['OFFERED', 'WAITLISTED', 'REJECTED']);

let seeded = false;

/**
 * Seeds the applications once, set-based: spread over the intake's 17 weeks from 1 October 2026,
 * each following one of PATHS with a transition every 1 to 4 days (by the admin, with a reason for
 * decisions), its status the path's end and decided_at its first decision.
 */
async function seedApplications(ctx: ScenarioContext) {
  if (seeded) return;
  seeded = true;
  const paths = PATHS.flatMap(([weight, path]) => Array.from({ length: weight }, () => path));
  const firstDecision = paths.map((p) => p.findIndex((s) => FIRST_DECISIONS.has(s)));
  const [admin] = await ctx.db.query(`SELECT id FROM users WHERE role = 'ADMIN' LIMIT 1`);
  const pick = (list: readonly { value: string }[]) => list.map((o) => o.value);
  await ctx.db.transaction(async (m) => {
    for (const [intake, count, start] of [
      [INTAKE, ANALYTICS_APPLICATIONS, '2026-10-01 09:00+08'],
      [OTHER_INTAKE, OTHER_INTAKE_APPLICATIONS, '2025-06-02 09:00+08'],
    ] as const) {
      await m.query(
        `WITH src AS (
           SELECT i, (i * 7) % $3::int AS p, 1 + (i % 4) AS step,
                  $4::timestamptz + ((i * 7919) % (17 * 7 * 24 * 60)) * interval '1 minute' AS created
             FROM generate_series(1, $2::int) i)
         INSERT INTO programme_applications (
           intake, full_name, email, course, state, highest_qualification, field_study, status, created_date, decided_at,
           status_changed_at, age, dob_year, dob_month, dob_date, gender, ethnicity, marital_status, full_address, city, postcode,
           linkedin, phone, uni_name, degree_name, country_study, qualification_type, academic_result, grad_year,
           english_qualification, english_score, prev_employment, prev_leadership, can_participate, can_device, can_relocate)
         SELECT $1, 'Bench Applicant ' || i, 'bench-applicant-' || i || '@' || $1 || '.example.com',
                ($7::text[])[1 + i % cardinality($7::text[])], ($8::text[])[1 + (i * 13) % cardinality($8::text[])],
                ($9::text[])[1 + (i * 5) % cardinality($9::text[])], ($10::text[])[1 + (i * 11) % cardinality($10::text[])],
                $5::jsonb -> p ->> -1, created,
                CASE WHEN ($6::int[])[p + 1] >= 0 THEN created + ($6::int[])[p + 1] * step * interval '1 day' END,
                created + (jsonb_array_length($5::jsonb -> p) - 1) * step * interval '1 day',
                '24', '2001', 'March', '14', 'Female', 'Malay', 'Single', '1 Jalan Ampang', 'Kuala Lumpur', '50450',
                'https://www.linkedin.com/in/x', '+60 12-345 6789', 'Universiti Malaya', 'Bachelor of Engineering', 'Malaysia',
                'Bachelor of Engineering', 'CGPA 3.5', '2024', 'MUET', '4.5', 'Internship', 'Student bodies or clubs', true, true, false
           FROM src`,
        [
          intake,
          count,
          paths.length,
          start,
          JSON.stringify(paths),
          firstDecision,
          pick(courseOptions),
          pick(stateOptions),
          pick(highestQualificationOptions),
          pick(fieldOfStudyOptions),
        ],
      );
      await m.query(
        `WITH src AS (
           SELECT a.id, a.created_date, n, (n * 7) % $2::int AS p, 1 + (n % 4) AS step
             FROM programme_applications a CROSS JOIN LATERAL (SELECT split_part(split_part(a.email, '@', 1), '-', 3)::int AS n) x
            WHERE a.intake = $1 AND a.email LIKE 'bench-applicant-%')
         INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason, created_at)
         SELECT src.id, CASE WHEN k > 1 THEN $3::jsonb -> src.p ->> (k::int - 2) END, s.status, CASE WHEN k > 1 THEN $4::bigint END,
                CASE WHEN s.status = ANY ($5::text[]) THEN 'Decision ' || s.status || ' for applicant ' || src.n ELSE '' END,
                src.created_date + (k - 1) * src.step * interval '1 day'
           FROM src, jsonb_array_elements_text($3::jsonb -> src.p) WITH ORDINALITY AS s(status, k)`,
        [intake, paths.length, JSON.stringify(paths), admin.id, ANALYTICS_DECISION_STATES],
      );
    }
  });
  await ctx.db.query(`ANALYZE programme_applications`);
  await ctx.db.query(`ANALYZE application_transitions`);
}

type AnalyticsRoute =
  | 'applicationsAnalyticsFunnel'
  | 'applicationsAnalyticsOverTime'
  | 'applicationsAnalyticsBreakdowns'
  | 'applicationsAnalyticsTimeToDecision'
  | 'applicationsAnalyticsDecisionsExport';

/** The queries an admin's overview page sends: the whole intake, the default intake and a date range. */
const QUERIES = [`intake=${INTAKE}`, '', `intake=${INTAKE}&from=2026-11-01&to=2026-12-15`];

function scopeOf(req: CeilingRequest): AnalyticsScope {
  const q = ApplicationsAnalyticsQuerySchema.parse(Object.fromEntries(req.url.searchParams));
  return { intake: q.intake ?? currentIntake(), from: q.from ?? null, to: q.to ?? null };
}

function analyticsScenario(
  name: string,
  route: AnalyticsRoute,
  answer: (client: pg.PoolClient, scope: AnalyticsScope, req: CeilingRequest) => Promise<CeilingAnswer>,
): Scenario {
  return {
    name,
    // Its own applications, seen by the admin.
    seed: {},
    async requests(ctx) {
      await seedApplications(ctx);
      const [admin] = await ctx.db.query(`SELECT id, id_slug FROM users WHERE role = 'ADMIN' LIMIT 1`);
      const authorization = `Bearer ${ctx.tokenFor({ ...admin, role: 'ADMIN' })}`;
      return QUERIES.map((query) => ({
        method: 'GET' as const,
        path: `/api/${buildPath(routes[route].path, {})}${query ? `?${query}` : ''}`,
        headers: { authorization },
      }));
    },
    ceiling: (client, req) => answer(client, scopeOf(req), req),
    // One admin looking, then a handful at once.
    connections: [1, 10],
    duration: 5,
  };
}

/** The same answers as the API gives: the scope, then the figure. */
const json = (scope: AnalyticsScope, rest: object): CeilingAnswer => ({ status: 200, body: { scope, ...rest } });

export const applicationsAnalyticsScenarios: Scenario[] = [
  analyticsScenario('admissions funnel', 'applicationsAnalyticsFunnel', async (client, scope) =>
    json(scope, { intakes: intakeOptions(), ...(await funnel(client, scope)) }),
  ),
  analyticsScenario('admissions over time', 'applicationsAnalyticsOverTime', async (client, scope) =>
    json(scope, await overTime(client, scope)),
  ),
  analyticsScenario('admissions breakdowns', 'applicationsAnalyticsBreakdowns', async (client, scope) =>
    json(scope, await breakdowns(client, scope)),
  ),
  analyticsScenario('admissions time to decision', 'applicationsAnalyticsTimeToDecision', async (client, scope) =>
    json(scope, { data: await timeToDecision(client, scope) }),
  ),
  analyticsScenario('admissions decisions CSV', 'applicationsAnalyticsDecisionsExport', async (client, scope, req) => ({
    status: 200,
    // The same statement as the API's, audit log of views included.
    json: await decisionsCsvText(client, scope, userOf(req)),
  })),
];
