import type { ApplicationStage, ConversionOffer, ConversionOfferState, JobApplication, Phase, PhaseKey } from '@school/contracts';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { iso } from '../../common/sql/list';
import { exec, mustOne, one, type Sql } from '../../common/sql/db';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';
import { FOLLOWED_ENROLMENTS } from '../coaching';
import { PHASES_COLUMNS } from '../timeline';

/** The cohort's timeline as stored, for the CAREER window (see the timeline's `windowsOf`). */
interface Phases {
  start_date: Date;
  phases: Phase[];
  shifts: { user_id: string; phase: PhaseKey; days: number }[];
}

/** The month (Malaysian time) a moment `expr` falls in, as a date: months are counted as the trainee lives them. */
const MONTH_OF = (expr: string) => `date_trunc('month', ${expr} AT TIME ZONE '${SCHOOL_TIME_ZONE}')`;
const THIS_MONTH = MONTH_OF('now()');

/**
 * Whether staff member `me` (with `admin`, placeholders of the caller's statement) reaches the
 * trainee of enrolment `e`: an admin, a coach following them (the cohort's Coaches tab), or the
 * coach named on their placement, as for their breaks.
 */
const REACHES = (me: string, admin: string) => `(${admin}::boolean
   OR EXISTS (SELECT 1 FROM ${FOLLOWED_ENROLMENTS(me)} f WHERE f.cohort_id = e.cohort_id AND f.user_id = e.user_id)
   OR EXISTS (SELECT 1 FROM placements pc WHERE pc.cohort_id = e.cohort_id AND pc.user_id = e.user_id AND pc.coach_id = (${me})::bigint))`;

/** How many of trainee `u`'s applications in cohort `k` reached an interview (or beyond) this month. */
const INTERVIEWS_THIS_MONTH = `(SELECT count(DISTINCT a.id)::int FROM job_applications a
     JOIN job_application_stages st ON st.application_id = a.id
    WHERE a.cohort_id = k.id AND a.user_id = u.id AND st.stage IN ('INTERVIEW', 'OFFER', 'ACCEPTED')
      AND ${MONTH_OF('st.created_at')} = ${THIS_MONTH})`;

/** An application `a` as the contracts' JobApplication, its stage history first first. */
const APPLICATION_JSON = `json_build_object(
    'id_slug', a.id_slug, 'employer', a.employer, 'role', a.role, 'applied_on', a.applied_on::text, 'stage', a.stage, 'note', a.note,
    'history', (SELECT json_agg(json_build_object('stage', st.stage, 'at', ${iso('st.created_at')}) ORDER BY st.created_at, st.id)
                  FROM job_application_stages st WHERE st.application_id = a.id))`;

export interface CareerRow extends Phases {
  cohort_id: string;
  user_id: string;
  cohort_slug: string;
  cohort_title: string;
  id_slug: string;
  first_name: string;
  last_name: string;
  host: string | null;
  offers: ConversionOffer[];
  applications: JobApplication[];
  interviews: number;
  month: string;
}

/** Trainee `u` of cohort `k` with all of their career support; `from`: the rows and conditions naming `k`, `u` and enrolment `e`. */
const CAREER = (from: string) => `
  SELECT k.id::text AS cohort_id, u.id::text AS user_id, k.id_slug AS cohort_slug, k.title AS cohort_title,
         u.id_slug, u.first_name, u.last_name, ${PHASES_COLUMNS('k')},
         (SELECT h.name FROM placements pl JOIN host_companies h ON h.id = pl.host_company_id
           WHERE pl.cohort_id = k.id AND pl.user_id = u.id) AS host,
         coalesce((SELECT json_agg(json_build_object('state', o.state, 'offered_on', o.offered_on::text, 'note', o.note,
                                                     'by', o.by_name, 'at', ${iso('o.created_at')}) ORDER BY o.created_at DESC, o.id DESC)
                     FROM career_conversion_offers o WHERE o.cohort_id = k.id AND o.user_id = u.id), '[]') AS offers,
         coalesce((SELECT json_agg(${APPLICATION_JSON} ORDER BY a.applied_on DESC, a.id DESC)
                     FROM job_applications a WHERE a.cohort_id = k.id AND a.user_id = u.id), '[]') AS applications,
         ${INTERVIEWS_THIS_MONTH} AS interviews,
         to_char(${THIS_MONTH}, 'YYYY-MM') AS month
  ${from}`;

/** The trainee's own career: that of their latest placement's cohort (the one whose career phase is theirs now). */
export const myCareer = (q: Sql, userId: string) =>
  one<CareerRow>(
    q,
    CAREER(`FROM placements p JOIN cohorts k ON k.id = p.cohort_id JOIN users u ON u.id = p.user_id
     WHERE p.user_id = $1::bigint ORDER BY k.start_date DESC, p.id DESC LIMIT 1`),
    [userId],
  );

/** A trainee's career in a cohort when staff member `me` reaches them (see REACHES); none otherwise, as for no such trainee. */
export const staffCareer = (q: Sql, cohortSlug: string, userSlug: string, me: string, admin: boolean) =>
  one<CareerRow>(
    q,
    CAREER(`FROM cohorts k JOIN enrolments e ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
     WHERE k.id_slug = $1 AND u.id_slug = $2 AND ${REACHES('$3', '$4')}`),
    [cohortSlug, userSlug, me, admin],
  );

/** The cohort of the trainee's latest placement, where their applications are kept. */
export const myPlacementCohort = (q: Sql, userId: string) =>
  one<{ cohort_id: string }>(
    q,
    `SELECT p.cohort_id::text AS cohort_id FROM placements p JOIN cohorts k ON k.id = p.cohort_id
      WHERE p.user_id = $1::bigint ORDER BY k.start_date DESC, p.id DESC LIMIT 1`,
    [userId],
  );

/** Logs an application at its first stage, with that stage's entry, in one statement. */
export const insertApplication = (
  q: Sql,
  cohortId: string,
  userId: string,
  a: { employer: string; role: string; applied_on: string; stage: ApplicationStage; note: string },
) =>
  mustOne<{ application: JobApplication }>(
    q,
    `WITH made AS (
       INSERT INTO job_applications (cohort_id, user_id, employer, role, applied_on, stage, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *),
     first_stage AS (INSERT INTO job_application_stages (application_id, stage) SELECT id, stage FROM made RETURNING *)
     SELECT json_build_object('id_slug', a.id_slug, 'employer', a.employer, 'role', a.role, 'applied_on', a.applied_on::text,
                              'stage', a.stage, 'note', a.note,
                              'history', (SELECT json_agg(json_build_object('stage', st.stage, 'at', ${iso('st.created_at')})) FROM first_stage st)) AS application
       FROM made a`,
    [cohortId, userId, a.employer, a.role, a.applied_on, a.stage, a.note],
  );

/** One of the trainee's own applications, locked for a change of stage; none when it is not theirs. */
export const lockedOwnApplication = (q: Sql, slug: string, userId: string) =>
  one<{ id: string; stage: ApplicationStage }>(
    q,
    `SELECT id, stage FROM job_applications WHERE id_slug = $1 AND user_id = $2::bigint FOR UPDATE`,
    [slug, userId],
  );

/** Moves an application to `stage` and keeps the move in its history (both in one statement). */
export const moveApplication = (q: Sql, id: string, stage: ApplicationStage) =>
  exec(
    q,
    `WITH moved AS (UPDATE job_applications SET stage = $2 WHERE id = $1 RETURNING id)
     INSERT INTO job_application_stages (application_id, stage) SELECT id, $2 FROM moved`,
    [id, stage],
  );

export const applicationById = (q: Sql, id: string) =>
  mustOne<{ application: JobApplication }>(q, `SELECT ${APPLICATION_JSON} AS application FROM job_applications a WHERE a.id = $1`, [id]);

/** Deletes one of the trainee's own applications (its stages go with it); answers whether there was one. */
export const deleteOwnApplication = async (q: Sql, slug: string, userId: string) =>
  (await exec(q, `DELETE FROM job_applications WHERE id_slug = $1 AND user_id = $2::bigint`, [slug, userId])) > 0;

export const insertOffer = (
  q: Sql,
  cohortId: string,
  userId: string,
  o: { state: ConversionOfferState; offered_on: string; note: string },
  byId: string,
) =>
  exec(
    q,
    `INSERT INTO career_conversion_offers (cohort_id, user_id, state, offered_on, note, by_user_id, by_name)
     SELECT $1, $2, $3, $4, $5, b.id, trim(b.first_name || ' ' || b.last_name) FROM users b WHERE b.id = $6`,
    [cohortId, userId, o.state, o.offered_on, o.note, byId],
  );

export interface PipelineTrainee {
  user_id: string;
  id_slug: string;
  first_name: string;
  last_name: string;
  placed: boolean;
  stages: Partial<Record<ApplicationStage, number>> | null;
  interviews_this_month: number;
  last_applied_on: string | null;
  offer: ConversionOfferState | null;
}

/**
 * A cohort's career pipeline in one statement: the cohort with its timeline (for each trainee's
 * career day) and each listed trainee `me` reaches, with their applications counted by stage, their
 * interviews this month, their last application and the host's offer as it stands. None when there
 * is no such cohort or `me` coaches no one in it (an admin: every cohort).
 */
export const careerPipeline = (q: Sql, cohortSlug: string, me: string, admin: boolean) =>
  one<Phases & { id_slug: string; title: string; month: string; trainees: PipelineTrainee[] }>(
    q,
    `SELECT k.id_slug, k.title, ${PHASES_COLUMNS('k')}, to_char(${THIS_MONTH}, 'YYYY-MM') AS month,
            coalesce((
              SELECT json_agg(json_build_object(
                       'user_id', u.id::text, 'id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name,
                       'placed', EXISTS (SELECT 1 FROM placements pl WHERE pl.cohort_id = k.id AND pl.user_id = u.id),
                       'stages', (SELECT json_object_agg(x.stage, x.n) FROM (
                                    SELECT a.stage, count(*)::int AS n FROM job_applications a
                                     WHERE a.cohort_id = k.id AND a.user_id = u.id GROUP BY a.stage) x),
                       'interviews_this_month', ${INTERVIEWS_THIS_MONTH},
                       'last_applied_on', (SELECT max(a.applied_on)::text FROM job_applications a WHERE a.cohort_id = k.id AND a.user_id = u.id),
                       'offer', (SELECT o.state FROM career_conversion_offers o WHERE o.cohort_id = k.id AND o.user_id = u.id
                                  ORDER BY o.created_at DESC, o.id DESC LIMIT 1))
                     ORDER BY u.first_name, u.last_name, u.id)
                FROM enrolments e JOIN users u ON u.id = e.user_id
               WHERE e.cohort_id = k.id AND ${LISTED_ENROLMENT} AND ${REACHES('$2', '$3')}), '[]') AS trainees
       FROM cohorts k
      WHERE k.id_slug = $1
        AND ($3::boolean
             OR EXISTS (SELECT 1 FROM cohort_coaches cc WHERE cc.cohort_id = k.id AND cc.user_id = $2::bigint)
             OR EXISTS (SELECT 1 FROM placements pc WHERE pc.cohort_id = k.id AND pc.coach_id = $2::bigint))`,
    [cohortSlug, me, admin],
  );
