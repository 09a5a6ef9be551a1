import type { StaffAnnouncement, StudentAnnouncement } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';

/**
 * The cohorts user `$1` may post to and read the staff side of, as an SQL condition on cohort
 * alias `k`: every cohort for an admin (`$2` true), else those they teach or coach.
 */
const REACHES = (k: string) => `($2::boolean
  OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = ${k}.id AND ci.user_id = $1::bigint)
  OR EXISTS (SELECT 1 FROM cohort_coaches cc WHERE cc.cohort_id = ${k}.id AND cc.user_id = $1::bigint))`;

/** The cohorts the caller may post to (not yet closed to their students), by title. */
export function postableCohorts(q: Sql, userId: string, isAdmin: boolean) {
  return rows<{ id_slug: string; title: string }>(
    q,
    `SELECT k.id_slug, k.title FROM cohorts k WHERE ${REACHES('k')} AND k.end_access_date > now() ORDER BY k.title, k.id`,
    [userId, isAdmin],
  );
}

/** Of the given cohorts, those the caller reaches (internal ids). */
export function reachedCohorts(q: Sql, userId: string, isAdmin: boolean, slugs: string[]) {
  return rows<{ id: string; id_slug: string }>(
    q,
    `SELECT k.id, k.id_slug FROM cohorts k WHERE k.id_slug = ANY($3::text[]) AND ${REACHES('k')}`,
    [userId, isAdmin, slugs],
  );
}

const STAFF_COLUMNS = `a.id_slug, a.title, a.body, a.pinned, a.status, a.publish_at, a.published_at, a.edited_at,
  trim(u.first_name || ' ' || u.last_name) AS author_name, (a.author_id = $1::bigint) AS mine,
  (SELECT coalesce(json_agg(json_build_object('id_slug', k.id_slug, 'title', k.title) ORDER BY k.title, k.id), '[]')
     FROM announcement_cohorts ac JOIN cohorts k ON k.id = ac.cohort_id WHERE ac.announcement_id = a.id) AS cohorts`;

/**
 * Announcements with at least one cohort the caller reaches (every one for an admin), pinned
 * first then newest (by when they go out), in one statement.
 */
export function staffAnnouncements(q: Sql, userId: string, isAdmin: boolean, limit: number) {
  return rows<StaffAnnouncement>(
    q,
    `SELECT ${STAFF_COLUMNS}
       FROM announcements a JOIN users u ON u.id = a.author_id
      WHERE EXISTS (SELECT 1 FROM announcement_cohorts ac JOIN cohorts k ON k.id = ac.cohort_id
                     WHERE ac.announcement_id = a.id AND ${REACHES('k')})
      ORDER BY a.pinned DESC, a.publish_at DESC, a.id DESC
      LIMIT $3`,
    [userId, isAdmin, limit],
  );
}

export function staffAnnouncement(q: Sql, userId: string, announcementId: string) {
  return mustOne<StaffAnnouncement>(q, `SELECT ${STAFF_COLUMNS} FROM announcements a JOIN users u ON u.id = a.author_id WHERE a.id = $2`, [
    userId,
    announcementId,
  ]);
}

/** Creates the announcement (scheduled: one to go now is published next, in the same transaction) and its cohorts in one statement. */
export function insertAnnouncement(
  q: Sql,
  a: { authorId: string; title: string; body: string; pinned: boolean; publishAt: Date | null; cohortIds: string[] },
) {
  return mustOne<{ id: string; id_slug: string; status: string; publish_at: Date }>(
    q,
    `WITH a AS (
       INSERT INTO announcements (author_id, title, body, pinned, status, publish_at, published_at)
       VALUES ($1, $2, $3, $4, 'SCHEDULED', coalesce($5::timestamptz, now()), NULL)
       RETURNING id, id_slug, status, publish_at
     ), c AS (
       INSERT INTO announcement_cohorts (announcement_id, cohort_id) SELECT a.id, unnest($6::bigint[]) FROM a
     )
     SELECT id, id_slug, status, publish_at FROM a`,
    [a.authorId, a.title, a.body, a.pinned, a.publishAt, a.cohortIds],
  );
}

/** The announcement locked for a change, with whether the caller reaches any of its cohorts. */
export function lockedAnnouncement(q: Sql, userId: string, isAdmin: boolean, idSlug: string) {
  return one<{ id: string; author_id: string; status: 'SCHEDULED' | 'PUBLISHED' | 'CANCELLED'; publish_at: Date; reached: boolean }>(
    q,
    `SELECT a.id, a.author_id, a.status, a.publish_at,
            EXISTS (SELECT 1 FROM announcement_cohorts ac JOIN cohorts k ON k.id = ac.cohort_id
                     WHERE ac.announcement_id = a.id AND ${REACHES('k')}) AS reached
       FROM announcements a WHERE a.id_slug = $3 FOR UPDATE OF a`,
    [userId, isAdmin, idSlug],
  );
}

/** Changes what is given (null leaves it); `markEdited` stamps an edit of a sent announcement. */
export function updateAnnouncement(
  q: Sql,
  id: string,
  c: {
    title: string | null;
    body: string | null;
    pinned: boolean | null;
    publishAt: Date | null;
    publishNow: boolean;
    markEdited: boolean;
  },
) {
  return exec(
    q,
    `UPDATE announcements SET
       title = coalesce($2, title), body = coalesce($3, body), pinned = coalesce($4, pinned),
       publish_at = CASE WHEN $7 THEN now() ELSE coalesce($5, publish_at) END,
       edited_at = CASE WHEN $6 THEN now() ELSE edited_at END,
       modified_at = now()
     WHERE id = $1`,
    [id, c.title, c.body, c.pinned, c.publishAt, c.markEdited, c.publishNow],
  );
}

export function replaceCohorts(q: Sql, id: string, cohortIds: string[]) {
  return exec(
    q,
    `WITH gone AS (DELETE FROM announcement_cohorts WHERE announcement_id = $1 AND cohort_id <> ALL($2::bigint[]))
     INSERT INTO announcement_cohorts (announcement_id, cohort_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [id, cohortIds],
  );
}

export function cancelAnnouncement(q: Sql, id: string) {
  return exec(q, `UPDATE announcements SET status = 'CANCELLED', modified_at = now() WHERE id = $1 AND status = 'SCHEDULED'`, [id]);
}

/**
 * Publishes the announcement if it is still scheduled and its time has come (a job of an older
 * time, or one whose announcement was cancelled, finds nothing); answers it when published.
 */
export function publishDue(q: Sql, id: string) {
  return one<{ id: string; id_slug: string; title: string; body: string; author_name: string }>(
    q,
    `UPDATE announcements a SET status = 'PUBLISHED', published_at = now(), modified_at = now()
       FROM users u
      WHERE a.id = $1 AND a.status = 'SCHEDULED' AND a.publish_at <= now() AND u.id = a.author_id
      RETURNING a.id, a.id_slug, a.title, a.body, trim(u.first_name || ' ' || u.last_name) AS author_name`,
    [id],
  );
}

/**
 * The students to mail one announcement as it goes out: active in one of its cohorts (each once,
 * with the first such cohort by title), not suspended, with announcements mailed each.
 */
export function eachRecipients(q: Sql, announcementId: string) {
  return rows<{ id_slug: string; email: string; first_name: string; cohort_title: string; cohort_id_slug: string }>(
    q,
    `SELECT DISTINCT ON (u.id) u.id_slug, u.email, u.first_name, k.title AS cohort_title, k.id_slug AS cohort_id_slug
       FROM announcement_cohorts ac
       JOIN cohorts k ON k.id = ac.cohort_id
       JOIN enrolments e ON e.cohort_id = k.id AND e.enrolment_status = 'ACTIVE'
       JOIN users u ON u.id = e.user_id AND u.role = 'STUDENT' AND NOT u.is_suspended
       LEFT JOIN notification_preferences p ON p.user_id = u.id
      WHERE ac.announcement_id = $1 AND coalesce(p.announcements, 'each') = 'each'
      ORDER BY u.id, k.title, k.id`,
    [announcementId],
  );
}

/** Each (student with the digest, announcement) published in [from, until), oldest first. */
export function digestRows(q: Sql, from: Date, until: Date) {
  return rows<{
    id_slug: string;
    email: string;
    first_name: string;
    title: string;
    body: string;
    author_name: string;
    cohort_title: string;
  }>(
    q,
    `SELECT DISTINCT ON (u.id, a.published_at, a.id) u.id_slug, u.email, u.first_name, a.title, a.body,
            trim(w.first_name || ' ' || w.last_name) AS author_name, k.title AS cohort_title
       FROM announcements a
       JOIN users w ON w.id = a.author_id
       JOIN announcement_cohorts ac ON ac.announcement_id = a.id
       JOIN cohorts k ON k.id = ac.cohort_id
       JOIN enrolments e ON e.cohort_id = k.id AND e.enrolment_status = 'ACTIVE'
       JOIN users u ON u.id = e.user_id AND u.role = 'STUDENT' AND NOT u.is_suspended
       JOIN notification_preferences p ON p.user_id = u.id AND p.announcements = 'digest'
      WHERE a.status = 'PUBLISHED' AND a.published_at >= $1 AND a.published_at < $2
      ORDER BY u.id, a.published_at, a.id, k.title`,
    [from, until],
  );
}

/** A timestamp inside JSON as the API writes every other one (ISO 8601 in UTC, milliseconds). */
const ISO = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The enrolments that see a cohort's announcements: active, or completed (the class stays readable). */
const SEEN_BY = `e.enrolment_status IN ('ACTIVE', 'COMPLETED')`;

/**
 * The student's published announcements (of one cohort, or of all theirs when `$2` is null),
 * unread first then pinned then newest, with the unread count of the same set, in one statement.
 * Answers `enrolled` false when a cohort is named that the student does not see.
 */
export async function studentAnnouncements(q: Sql, userId: string, cohortSlug: string | null, limit: number) {
  const row = await mustOne<{ enrolled: boolean; unread: number; data: StudentAnnouncement[] }>(
    q,
    `WITH mine AS (
       SELECT DISTINCT ON (a.id) a.id, a.id_slug, a.title, a.body, a.pinned, a.published_at, a.edited_at,
              trim(w.first_name || ' ' || w.last_name) AS author_name, k.title AS cohort_title, k.id_slug AS cohort_id_slug,
              EXISTS (SELECT 1 FROM announcement_reads r WHERE r.user_id = $1 AND r.announcement_id = a.id) AS read
         FROM enrolments e
         JOIN cohorts k ON k.id = e.cohort_id
         JOIN announcement_cohorts ac ON ac.cohort_id = k.id
         JOIN announcements a ON a.id = ac.announcement_id AND a.status = 'PUBLISHED'
         JOIN users w ON w.id = a.author_id
        WHERE e.user_id = $1 AND ${SEEN_BY} AND ($2::text IS NULL OR k.id_slug = $2)
        ORDER BY a.id, k.title, k.id
     ), listed AS (
       SELECT * FROM mine ORDER BY read, pinned DESC, published_at DESC, id DESC LIMIT $3
     )
     SELECT ($2::text IS NULL OR EXISTS (
               SELECT 1 FROM enrolments e JOIN cohorts k ON k.id = e.cohort_id WHERE e.user_id = $1 AND ${SEEN_BY} AND k.id_slug = $2)) AS enrolled,
            (SELECT count(*)::int FROM mine WHERE NOT read) AS unread,
            (SELECT coalesce(json_agg(json_build_object(
                      'id_slug', id_slug, 'title', title, 'body', body, 'pinned', pinned, 'published_at', ${ISO('published_at')},
                      'edited_at', ${ISO('edited_at')}, 'author_name', author_name, 'cohort_title', cohort_title,
                      'cohort_id_slug', cohort_id_slug, 'read', read) ORDER BY read, pinned DESC, published_at DESC, id DESC), '[]')
               FROM listed) AS data`,
    [userId, cohortSlug, limit],
  );
  return row;
}

/**
 * Marks a published announcement of the student's cohorts read, in one statement; answers null
 * when it is not one they see, else their unread count after it.
 */
export async function markRead(q: Sql, userId: string, idSlug: string): Promise<number | null> {
  const row = await mustOne<{ seen: boolean; unread: number }>(
    q,
    `WITH target AS (
       SELECT a.id FROM announcements a
        WHERE a.id_slug = $2 AND a.status = 'PUBLISHED' AND EXISTS (
          SELECT 1 FROM announcement_cohorts ac JOIN enrolments e ON e.cohort_id = ac.cohort_id
           WHERE ac.announcement_id = a.id AND e.user_id = $1 AND ${SEEN_BY})
     ), marked AS (
       INSERT INTO announcement_reads (announcement_id, user_id) SELECT id, $1 FROM target
       ON CONFLICT DO NOTHING RETURNING 1
     )
     SELECT EXISTS (SELECT 1 FROM target) AS seen,
            (SELECT count(DISTINCT a.id)::int FROM enrolments e
               JOIN announcement_cohorts ac ON ac.cohort_id = e.cohort_id
               JOIN announcements a ON a.id = ac.announcement_id AND a.status = 'PUBLISHED'
              WHERE e.user_id = $1 AND ${SEEN_BY}
                AND NOT EXISTS (SELECT 1 FROM announcement_reads r WHERE r.user_id = $1 AND r.announcement_id = a.id))
            - (SELECT count(*)::int FROM marked) AS unread`,
    [userId, idSlug],
  );
  return row.seen ? row.unread : null;
}
