import type { LogbookWeekStatus } from '@school/contracts';
import { one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { COACHED_TRAINEES } from '../coaching';

/** What a week's sign-off needs of it: the week, its placement, trainee, host and supervisor. */
export interface WeekContext {
  week_id: string;
  week_number: number;
  status: LogbookWeekStatus;
  placement_id: string;
  placement_id_slug: string;
  cohort_id: string;
  user_id: string;
  trainee_name: string;
  trainee_first_name: string;
  trainee_email: string;
  host_name: string;
  site: string;
  supervisor_name: string;
  supervisor_email: string;
  weekly_hours_target: number;
  hours: number;
}

const CONTEXT = `
  SELECT w.id::text AS week_id, w.week_number, w.status, pl.id::text AS placement_id, pl.id_slug AS placement_id_slug,
         pl.cohort_id::text AS cohort_id, pl.user_id::text AS user_id, trim(u.first_name || ' ' || u.last_name) AS trainee_name,
         u.first_name AS trainee_first_name, u.email AS trainee_email, h.name AS host_name, pl.site, pl.supervisor_name, pl.supervisor_email, pl.weekly_hours_target::float8 AS weekly_hours_target,
         coalesce((SELECT sum(d.hours) FROM logbook_days d WHERE d.week_id = w.id), 0)::float8 AS hours
    FROM logbook_weeks w
    JOIN placements pl ON pl.id = w.placement_id
    JOIN host_companies h ON h.id = pl.host_company_id
    JOIN users u ON u.id = pl.user_id`;

/**
 * The week a link opens: its subject, and only within the link's own placement, so a link never
 * reaches another trainee's week; locked for a decision.
 */
export const linkedWeek = (q: Sql, weekId: string, placementId: string, lock: boolean) =>
  one<WeekContext>(q, `${CONTEXT} WHERE w.id = $1 AND w.placement_id = $2 ${lock ? 'FOR UPDATE OF w' : ''}`, [weekId, placementId]);

/** Several weeks at once (the reminder job's batch). */
export const weeksById = (q: Sql, weekIds: string[]) => rows<WeekContext>(q, `${CONTEXT} WHERE w.id = ANY($1::bigint[])`, [weekIds]);

/** The week `week` of a placement (by public id), for a staff member who reaches it: an admin, or the trainee's coach. */
export const staffWeek = (q: Sql, placementSlug: string, week: number, me: { id: string; admin: boolean }) =>
  one<WeekContext>(
    q,
    `${CONTEXT} WHERE pl.id_slug = $1 AND w.week_number = $2
        AND ($4 OR pl.coach_id = $3::bigint
             OR EXISTS (SELECT 1 FROM ${COACHED_TRAINEES('$3')} ct WHERE ct.cohort_id = pl.cohort_id AND ct.user_id = pl.user_id))
      FOR UPDATE OF w`,
    [placementSlug, week, me.id, me.admin],
  );

/** A reminder claimed for sending: the link and which reminder (1: +2 days, 2: +5 days). */
export interface ClaimedReminder {
  id: string;
  stage: 1 | 2;
  token_salt: string;
  subject_id: string;
  expires_at: Date;
}

/**
 * Claims the reminders due as of `now` on links of submitted weeks that still work: the first two
 * days after the link was mailed, the second five days after. The columns make each reminder go
 * out at most once per link; a link found five days on without its first gets only the second
 * (both marked), so a supervisor never gets two at once.
 */
export const claimReminders = (q: Sql, now: Date) =>
  rows<ClaimedReminder>(
    q,
    `WITH due AS (
       SELECT l.id, CASE WHEN l.created_at <= $1::timestamptz - interval '5 days' THEN 2 ELSE 1 END AS stage
         FROM supervisor_links l
         JOIN logbook_weeks w ON w.id = l.subject_id AND w.placement_id = l.placement_id
        WHERE l.purpose = 'WEEK' AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > $1 AND w.status = 'SUBMITTED'
          AND ((l.reminded_first_at IS NULL AND l.created_at <= $1::timestamptz - interval '2 days')
               OR (l.reminded_second_at IS NULL AND l.created_at <= $1::timestamptz - interval '5 days'))
        FOR UPDATE OF l SKIP LOCKED)
     UPDATE supervisor_links l
        SET reminded_first_at = coalesce(l.reminded_first_at, $1),
            reminded_second_at = CASE WHEN due.stage = 2 THEN $1 ELSE l.reminded_second_at END
       FROM due WHERE l.id = due.id
     RETURNING l.id::text, due.stage, l.token_salt, l.subject_id::text, l.expires_at`,
    [now],
  );

/**
 * Submitted weeks still unsigned 7 days after their latest submission, oldest first, with the
 * expiry of the link that still works (none: revoked or expired, to re-send). Scoped to a coach's
 * trainees (the placement's coach or the cohort's coach following them) or to one cohort (admins).
 */
export const unsignedWeeks = (q: Sql, now: Date, scope: { coachId: string } | { cohortSlug: string }) =>
  rows(
    q,
    `SELECT pl.id_slug AS placement_id_slug, trim(u.first_name || ' ' || u.last_name) AS trainee_name, u.id_slug AS trainee_id_slug,
            k.title AS cohort_title, k.id_slug AS cohort_id_slug, h.name AS host_name, pl.supervisor_name, pl.supervisor_email,
            w.week_number AS week, ${iso('s.at')} AS submitted_at, ${iso('live.expires_at')} AS link_expires_at
       FROM logbook_weeks w
       JOIN placements pl ON pl.id = w.placement_id
       JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id AND ${LISTED_ENROLMENT}
       JOIN cohorts k ON k.id = pl.cohort_id
       JOIN users u ON u.id = pl.user_id
       JOIN host_companies h ON h.id = pl.host_company_id
       JOIN LATERAL (SELECT max(ev.created_at) AS at FROM logbook_week_events ev WHERE ev.week_id = w.id AND ev.kind = 'SUBMITTED') s ON true
       LEFT JOIN LATERAL (SELECT l.expires_at FROM supervisor_links l
                           WHERE l.purpose = 'WEEK' AND l.subject_id = w.id AND l.used_at IS NULL AND l.revoked_at IS NULL AND l.expires_at > $1
                           ORDER BY l.created_at DESC LIMIT 1) live ON true
      WHERE w.status = 'SUBMITTED' AND s.at <= $1::timestamptz - interval '7 days'
        AND ${
          'coachId' in scope
            ? `(pl.coach_id = $2::bigint OR EXISTS (SELECT 1 FROM ${COACHED_TRAINEES('$2')} ct WHERE ct.cohort_id = pl.cohort_id AND ct.user_id = pl.user_id))`
            : `k.id_slug = $2`
        }
      ORDER BY s.at, w.id`,
    [now, 'coachId' in scope ? scope.coachId : scope.cohortSlug],
  );

export const linkExpiry = async (q: Sql, linkId: string) =>
  (await one<{ expires_at: Date }>(q, `SELECT expires_at FROM supervisor_links WHERE id = $1`, [linkId]))!.expires_at;
