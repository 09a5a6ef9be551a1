import type { LogbookDay, LogbookWeekStatus, PlacementBreak } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';
import { BREAKS_JSON } from './breaks.queries';

/** The student's own placement (listed in its cohort); none for anyone else's. */
export const ownPlacement = (q: Sql, placementSlug: string, userId: string) =>
  one<{
    id: string;
    cohort_id: string;
    user_id: string;
    host_name: string;
    weekly_hours_target: number;
    trainee_name: string;
    breaks: PlacementBreak[];
  }>(
    q,
    `SELECT pl.id, pl.cohort_id::text AS cohort_id, pl.user_id::text AS user_id, h.name AS host_name,
            pl.weekly_hours_target::float8 AS weekly_hours_target, trim(u.first_name || ' ' || u.last_name) AS trainee_name,
            ${BREAKS_JSON('pl.id')} AS breaks
       FROM placements pl JOIN host_companies h ON h.id = pl.host_company_id JOIN users u ON u.id = pl.user_id
       JOIN enrolments e ON e.cohort_id = pl.cohort_id AND e.user_id = pl.user_id
      WHERE pl.id_slug = $1 AND pl.user_id = $2 AND ${LISTED_ENROLMENT}`,
    [placementSlug, userId],
  );

/** Each written week's state and hours, and the supervisor's latest decision on it. */
export const weekSummaries = (q: Sql, placementId: string) =>
  rows<{
    week_number: number;
    status: LogbookWeekStatus;
    hours: number;
    decision: { kind: 'APPROVED' | 'RETURNED'; by: string; comment: string; at: string } | null;
  }>(
    q,
    `SELECT w.week_number, w.status, coalesce((SELECT sum(d.hours) FROM logbook_days d WHERE d.week_id = w.id), 0)::float8 AS hours,
            (SELECT json_build_object('kind', ev.kind, 'by', ev.by_name, 'comment', ev.comment, 'at', ${iso('ev.created_at')})
               FROM logbook_week_events ev WHERE ev.week_id = w.id AND ev.kind <> 'SUBMITTED'
              ORDER BY ev.created_at DESC, ev.id DESC LIMIT 1) AS decision
       FROM logbook_weeks w WHERE w.placement_id = $1 ORDER BY w.week_number`,
    [placementId],
  );

/** A week's file as stored; the service adds the link to open it. */
export interface WeekFileRow {
  id_slug: string;
  name: string;
  content_type: string;
  size_bytes: number;
  added_at: string;
}

/** The files of week `w` (an alias in the query), oldest first, as a JSON array of WeekFileRow. */
export const WEEK_FILES_JSON = (w: string) => `coalesce((
  SELECT json_agg(json_build_object('id_slug', f.id_slug, 'name', f.original_name, 'content_type', f.content_type,
                                    'size_bytes', f.size_bytes, 'added_at', ${iso('lf.created_at')}) ORDER BY lf.id)
    FROM logbook_files lf JOIN stored_files f ON f.id = lf.file_id WHERE lf.week_id = ${w}.id), '[]')`;

/** One week with its days, its files and its events, oldest first. */
export const weekDetail = (q: Sql, placementId: string, week: number) =>
  one<{
    status: LogbookWeekStatus;
    days: { date: string; hours: number; tasks: string; job_role: string; evidence: string }[];
    files: WeekFileRow[];
    events: { kind: 'SUBMITTED' | 'APPROVED' | 'RETURNED'; by: string; comment: string; at: string }[];
  }>(
    q,
    `SELECT w.status, ${WEEK_FILES_JSON('w')} AS files,
            coalesce((SELECT json_agg(json_build_object('date', d.day, 'hours', d.hours::float8, 'tasks', d.tasks, 'job_role', d.job_role,
                                                        'evidence', d.evidence) ORDER BY d.day)
                        FROM logbook_days d WHERE d.week_id = w.id), '[]') AS days,
            coalesce((SELECT json_agg(json_build_object('kind', ev.kind, 'by', ev.by_name, 'comment', ev.comment, 'at', ${iso('ev.created_at')})
                                      ORDER BY ev.created_at, ev.id)
                        FROM logbook_week_events ev WHERE ev.week_id = w.id), '[]') AS events
       FROM logbook_weeks w WHERE w.placement_id = $1 AND w.week_number = $2`,
    [placementId, week],
  );

/** The week's row, made when missing, locked for a change: two saves of one week run one after the other. */
export async function lockedWeek(q: Sql, placementId: string, week: number) {
  await exec(q, `INSERT INTO logbook_weeks (placement_id, week_number) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [placementId, week]);
  return mustOne<{ id: string; status: LogbookWeekStatus; hours: number }>(
    q,
    `SELECT w.id, w.status, coalesce((SELECT sum(d.hours) FROM logbook_days d WHERE d.week_id = w.id), 0)::float8 AS hours
       FROM logbook_weeks w WHERE w.placement_id = $1 AND w.week_number = $2 FOR UPDATE`,
    [placementId, week],
  );
}

/** Replaces the week's days in two statements. */
export async function replaceDays(q: Sql, weekId: string, days: LogbookDay[]) {
  await exec(q, `DELETE FROM logbook_days WHERE week_id = $1`, [weekId]);
  if (!days.length) return;
  await exec(
    q,
    `INSERT INTO logbook_days (week_id, day, hours, tasks, job_role, evidence)
     SELECT $1, x.day, x.hours, x.tasks, x.job_role, x.evidence
       FROM unnest($2::date[], $3::numeric[], $4::text[], $5::text[], $6::text[]) AS x(day, hours, tasks, job_role, evidence)`,
    [
      weekId,
      days.map((d) => d.date),
      days.map((d) => d.hours),
      days.map((d) => d.tasks),
      days.map((d) => d.job_role),
      days.map((d) => d.evidence),
    ],
  );
  await exec(q, `UPDATE logbook_weeks SET updated_at = now() WHERE id = $1`, [weekId]);
}

/** Moves the week to `status` and records who did it, when and why, as a new event. */
export async function recordEvent(
  q: Sql,
  weekId: string,
  status: LogbookWeekStatus,
  e: { kind: 'SUBMITTED' | 'APPROVED' | 'RETURNED'; by_user_id: string | null; by_name: string; comment: string },
) {
  await exec(q, `UPDATE logbook_weeks SET status = $2, updated_at = now() WHERE id = $1`, [weekId, status]);
  await exec(q, `INSERT INTO logbook_week_events (week_id, kind, by_user_id, by_name, comment) VALUES ($1, $2, $3, $4, $5)`, [
    weekId,
    e.kind,
    e.by_user_id,
    e.by_name,
    e.comment,
  ]);
}

/** The week's file count (under the week's lock, so two uploads cannot both pass the limit). */
export const fileCount = async (q: Sql, weekId: string) =>
  (await mustOne<{ n: number }>(q, `SELECT count(*)::int AS n FROM logbook_files WHERE week_id = $1`, [weekId])).n;

export const attachFile = (q: Sql, weekId: string, fileSlug: string) =>
  exec(q, `INSERT INTO logbook_files (week_id, file_id) SELECT $1, id FROM stored_files WHERE id_slug = $2`, [weekId, fileSlug]);

/** Deletes a file of the week (its link row goes with it); answers where its bytes are, or null when the week has no such file. */
export const deleteWeekFile = async (q: Sql, weekId: string, fileSlug: string) =>
  (
    await one<{ storage_key: string }>(
      q,
      `DELETE FROM stored_files f USING logbook_files lf
        WHERE lf.file_id = f.id AND lf.week_id = $1 AND f.id_slug = $2
       RETURNING f.storage_key`,
      [weekId, fileSlug],
    )
  )?.storage_key ?? null;

/**
 * Logbook files no week holds any more (their week, placement or cohort was deleted), `age` old or
 * more so that an upload still being recorded is never taken; answers where their bytes are.
 */
export const deleteOrphanLogbookFiles = async (q: Sql, purpose: string, age: string) =>
  (
    await rows<{ storage_key: string }>(
      q,
      `DELETE FROM stored_files f
        WHERE f.purpose = $1 AND f.created_date <= now() - $2::interval
          AND NOT EXISTS (SELECT 1 FROM logbook_files lf WHERE lf.file_id = f.id)
       RETURNING f.storage_key`,
      [purpose, age],
    )
  ).map((r) => r.storage_key);
