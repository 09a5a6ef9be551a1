import type { AttendanceFigures, AttendanceStatus, BreakReason, EvidencePackJobState, LogbookWeekStatus } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { COACHED_TRAINEES } from '../coaching';
import { BREAKS_JSON } from './breaks.queries';
import { WEEK_FILES_JSON, type WeekFileRow } from './logbook.queries';
import { COUNTED_SESSION, FIGURES_OF, LATEST_ENTRY, MARK_STATUS } from '../live-sessions';
import { SCHOOL_TIME_ZONE } from '../../common/school-time';

export interface PackPerson {
  first_name: string;
  last_name: string;
  email: string;
}

export interface PackEvent {
  kind: 'SUBMITTED' | 'APPROVED' | 'RETURNED';
  by: string;
  comment: string;
  at: string;
}

export interface PackWeek {
  week: number;
  status: LogbookWeekStatus;
  days: { date: string; hours: number; tasks: string; job_role: string; evidence: string }[];
  files: WeekFileRow[];
  events: PackEvent[];
}

/** A placement with its whole logbook, as the pack prints it (the OJT window comes from the timeline). */
export interface PackPlacement {
  id: string;
  id_slug: string;
  cohort_id: string;
  user_id: string;
  cohort_title: string;
  trainee: PackPerson & { id_slug: string };
  host_name: string;
  host_registration_number: string;
  site: string;
  site_address: string;
  supervisor_name: string;
  supervisor_email: string;
  supervisor_phone: string;
  weekly_hours_target: number;
  coach: PackPerson | null;
  /** Only the weeks the trainee has written in; the others of the window are not submitted and log nothing. */
  weeks: PackWeek[];
}

/**
 * Every given placement with its logbook (each week's days and its events, oldest first) in one
 * statement: the cohort job reads its 200 trainees at once, a single pack the same way.
 */
export const packPlacements = (q: Sql, placementIds: string[]) =>
  rows<{ j: PackPlacement }>(
    q,
    `SELECT json_build_object(
              'id', pl.id::text, 'id_slug', pl.id_slug, 'cohort_id', pl.cohort_id::text, 'user_id', pl.user_id::text,
              'cohort_title', k.title,
              'trainee', json_build_object('id_slug', t.id_slug, 'first_name', t.first_name, 'last_name', t.last_name, 'email', t.email),
              'host_name', h.name, 'host_registration_number', h.registration_number, 'site', pl.site,
              'site_address', coalesce((SELECT s->>'address' FROM jsonb_array_elements(h.sites) s WHERE s->>'name' = pl.site LIMIT 1), ''),
              'supervisor_name', pl.supervisor_name, 'supervisor_email', pl.supervisor_email, 'supervisor_phone', pl.supervisor_phone,
              'weekly_hours_target', pl.weekly_hours_target::float8,
              'coach', CASE WHEN c.id IS NULL THEN NULL
                            ELSE json_build_object('first_name', c.first_name, 'last_name', c.last_name, 'email', c.email) END,
              'weeks', coalesce((
                SELECT json_agg(json_build_object(
                         'week', w.week_number, 'status', w.status,
                         'days', coalesce((SELECT json_agg(json_build_object('date', d.day, 'hours', d.hours::float8, 'tasks', d.tasks,
                                                                             'job_role', d.job_role, 'evidence', d.evidence) ORDER BY d.day)
                                             FROM logbook_days d WHERE d.week_id = w.id), '[]'),
                         'files', ${WEEK_FILES_JSON('w')},
                         'events', coalesce((SELECT json_agg(json_build_object('kind', ev.kind, 'by', ev.by_name, 'comment', ev.comment,
                                                                               'at', ${iso('ev.created_at')}) ORDER BY ev.created_at, ev.id)
                                               FROM logbook_week_events ev WHERE ev.week_id = w.id), '[]'))
                       ORDER BY w.week_number)
                  FROM logbook_weeks w WHERE w.placement_id = pl.id), '[]')) AS j
       FROM placements pl JOIN cohorts k ON k.id = pl.cohort_id JOIN users t ON t.id = pl.user_id
       JOIN host_companies h ON h.id = pl.host_company_id LEFT JOIN users c ON c.id = pl.coach_id
      WHERE pl.id = ANY($1::bigint[])
      ORDER BY lower(t.last_name), lower(t.first_name), pl.id`,
    [placementIds],
  ).then((r) => r.map((x) => x.j));

export interface PackAttendance {
  figures: AttendanceFigures;
  sessions: { title: string; starts_at: string; local: string; mandatory: boolean; cancelled: boolean; status: AttendanceStatus | null }[];
}

/**
 * The live sessions of each placement's cohort with the trainee's mark on each (the one attendance
 * rule of live-sessions: the latest entry, absent once ended unmarked) and their figures over the
 * sessions that count, in one statement for all the placements.
 */
export async function packAttendance(q: Sql, placementIds: string[]): Promise<Map<string, PackAttendance>> {
  const list = await rows<{ placement_id: string } & PackAttendance>(
    q,
    `WITH m AS (
       SELECT pl.id AS placement_id, s.id AS session_id, s.title, s.starts_at, s.mandatory, s.cancelled_at IS NOT NULL AS cancelled,
              ${COUNTED_SESSION('s')} AS counted, ${MARK_STATUS('s', 'a', 'pe.created_date')} AS status
         FROM placements pl JOIN live_sessions s ON s.cohort_id = pl.cohort_id
         LEFT JOIN enrolments pe ON pe.cohort_id = pl.cohort_id AND pe.user_id = pl.user_id
         ${LATEST_ENTRY('s', 'pl.user_id', 'a')}
        WHERE pl.id = ANY($1::bigint[])
     )
     SELECT pl.id::text AS placement_id,
            coalesce((SELECT ${FIGURES_OF('m.status')} FROM m WHERE m.placement_id = pl.id AND m.counted),
                     json_build_object('attended', 0, 'counted', 0, 'percent', NULL)) AS figures,
            coalesce((SELECT json_agg(json_build_object('title', m.title, 'starts_at', ${iso('m.starts_at')},
                                        'local', to_char(m.starts_at AT TIME ZONE '${SCHOOL_TIME_ZONE}', 'YYYY-MM-DD HH24:MI'),
                                        'mandatory', m.mandatory, 'cancelled', m.cancelled, 'status', m.status)
                                      ORDER BY m.starts_at, m.session_id)
                        FROM m WHERE m.placement_id = pl.id), '[]') AS sessions
       FROM placements pl WHERE pl.id = ANY($1::bigint[])`,
    [placementIds],
  );
  return new Map(list.map(({ placement_id, ...a }) => [placement_id, a]));
}

/** Whether staff member `viewerId` (an SQL expression) coaches the trainee of placement `pl` in its cohort (cohort_coaches). */
const COHORT_COACH_FOLLOWS = (viewerId: string, pl: string) =>
  `EXISTS (SELECT 1 FROM ${COACHED_TRAINEES(viewerId)} ct WHERE ct.cohort_id = ${pl}.cohort_id AND ct.user_id = ${pl}.user_id)`;

/** The trainee's own placement (listed in its cohort); none for anyone else's. */
export const ownPackPlacement = (q: Sql, placementSlug: string, userId: string) =>
  one<{ id: string }>(
    q,
    `SELECT pl.id FROM placements pl JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id
      WHERE pl.id_slug = $1 AND pl.user_id = $2 AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED')`,
    [placementSlug, userId],
  );

/** A placement staff member `viewerId` may read: any for an admin, else one they coach (its coach, or a coach of the trainee in the cohort). */
export const staffPackPlacement = (q: Sql, placementSlug: string, viewerId: string, admin: boolean) =>
  one<{ id: string }>(
    q,
    `SELECT pl.id FROM placements pl
      WHERE pl.id_slug = $1 AND ($3::boolean OR pl.coach_id = $2::bigint OR ${COHORT_COACH_FOLLOWS('$2', 'pl')})`,
    [placementSlug, viewerId, admin],
  );

/** The cohort's placements, for its pack. */
export const cohortPlacementIds = (q: Sql, cohortId: string) =>
  rows<{ id: string }>(q, `SELECT id FROM placements WHERE cohort_id = $1 ORDER BY id`, [cohortId]).then((r) => r.map((x) => x.id));

// ---- cohort packs -------------------------------------------------------------------------------

export interface PackRecord {
  id_slug: string;
  state: EvidencePackJobState;
  done: number;
  total: number;
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
  error: string | null;
  zip_slug: string | null;
  size_bytes: number | null;
}

const RECORD = `p.id_slug, p.state, p.done, p.total, coalesce(trim(u.first_name || ' ' || u.last_name), '') AS requested_by,
  ${iso('p.requested_at')} AS requested_at, ${iso('p.finished_at')} AS finished_at, p.error, f.id_slug AS zip_slug,
  f.size_bytes::int AS size_bytes`;
const FROM = `evidence_packs p LEFT JOIN users u ON u.id = p.requested_by LEFT JOIN stored_files f ON f.id = p.zip_file_id`;

/** Records a request for the cohort's pack with its number of trainees; none when one is already under way. */
export async function insertPack(q: Sql, cohortId: string, total: number, by: string) {
  const row = await one<{ id: string }>(
    q,
    `INSERT INTO evidence_packs (cohort_id, total, requested_by) VALUES ($1, $2, $3)
     ON CONFLICT (cohort_id) WHERE state IN ('QUEUED', 'RUNNING') DO NOTHING RETURNING id`,
    [cohortId, total, by],
  );
  if (!row) return undefined;
  return { id: row.id, record: (await one<PackRecord>(q, `SELECT ${RECORD} FROM ${FROM} WHERE p.id = $1`, [row.id]))! };
}

/** The cohort's packs, newest first (the latest 20). */
export const cohortPacks = (q: Sql, cohortId: string) =>
  rows<PackRecord>(q, `SELECT ${RECORD} FROM ${FROM} WHERE p.cohort_id = $1 ORDER BY p.id DESC LIMIT 20`, [cohortId]);

/** Starts the job's work on a pack (queued, or failed and retried); none when it is ready or gone. */
export const startPack = (q: Sql, id: string) =>
  one<{ cohort_id: string; cohort_title: string }>(
    q,
    `UPDATE evidence_packs p SET state = 'RUNNING', done = 0, error = NULL, finished_at = NULL
       FROM cohorts k WHERE p.id = $1 AND k.id = p.cohort_id AND p.state IN ('QUEUED', 'FAILED')
     RETURNING p.cohort_id::text AS cohort_id, k.title AS cohort_title`,
    [id],
  );

export const packProgress = (q: Sql, id: string, done: number, total: number) =>
  one(q, `UPDATE evidence_packs SET done = $2, total = $3 WHERE id = $1 RETURNING id`, [id, done, total]);

export const finishPack = (q: Sql, id: string, zipSlug: string) =>
  one(
    q,
    `UPDATE evidence_packs SET state = 'READY', done = total, finished_at = now(), error = NULL,
            zip_file_id = (SELECT id FROM stored_files WHERE id_slug = $2) WHERE id = $1 RETURNING id`,
    [id, zipSlug],
  );

export const failPack = (q: Sql, id: string, error: string) =>
  one(q, `UPDATE evidence_packs SET state = 'FAILED', finished_at = now(), error = $2 WHERE id = $1 AND state <> 'READY' RETURNING id`, [
    id,
    error.slice(0, 500),
  ]);

export interface PackReview {
  review_week: number;
  frozen_at: string | null;
  pdf_sha256: string | null;
  signatures: { party: 'TRAINEE' | 'SUPERVISOR' | 'COACH'; by_name: string; signed_at: string }[];
}

/** Each placement's OJT reviews with their signatures, in one statement. */
export async function packReviews(q: Sql, placementIds: string[]): Promise<Map<string, PackReview[]>> {
  const list = await rows<{ placement_id: string; reviews: PackReview[] }>(
    q,
    `SELECT pl.id::text AS placement_id,
            coalesce((SELECT json_agg(json_build_object(
                        'review_week', r.review_week, 'frozen_at', ${iso('r.frozen_at')}, 'pdf_sha256', r.pdf_sha256,
                        'signatures', coalesce((SELECT json_agg(json_build_object('party', g.party, 'by_name', g.by_name,
                                                                 'signed_at', ${iso('g.signed_at')}) ORDER BY g.signed_at, g.id)
                                                  FROM ojt_review_signatures g WHERE g.review_id = r.id), '[]'))
                        ORDER BY r.review_week)
                        FROM ojt_reviews r WHERE r.placement_id = pl.id), '[]') AS reviews
       FROM placements pl WHERE pl.id = ANY($1::bigint[])`,
    [placementIds],
  );
  return new Map(list.map((r) => [r.placement_id, r.reviews]));
}

export interface PackBreak {
  starts_on: string;
  ends_on: string;
  days: number;
  withdrawn: boolean;
  reason: BreakReason;
  note: string;
  recorded_by: string;
}

/** Each placement's breaks (latest corrections applied), in one statement. */
export async function packBreaks(q: Sql, placementIds: string[]): Promise<Map<string, PackBreak[]>> {
  const list = await rows<{ placement_id: string; breaks: PackBreak[] }>(
    q,
    `SELECT pl.id::text AS placement_id, ${BREAKS_JSON('pl.id')} AS breaks FROM placements pl WHERE pl.id = ANY($1::bigint[])`,
    [placementIds],
  );
  return new Map(list.map((r) => [r.placement_id, r.breaks]));
}
