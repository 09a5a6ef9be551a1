import type { AnnouncementMailChoice, NotificationKind, NotificationPreferences } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';

// Preferences: no row means everything on.

export function preferencesOf(q: Sql, userId: string) {
  return one<NotificationPreferences>(
    q,
    `SELECT coalesce(p.deadline_reminders, true) AS deadline_reminders, coalesce(p.application_digest, true) AS application_digest,
            coalesce(p.announcements, 'each') AS announcements
       FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
}

export function userBySlug(q: Sql, idSlug: string) {
  return one<{ id: string }>(q, `SELECT id FROM users WHERE id_slug = $1`, [idSlug]);
}

export function userById(q: Sql, id: string) {
  return one<{ id: string; id_slug: string }>(q, `SELECT id, id_slug FROM users WHERE id = $1`, [id]);
}

/** Sets the given choices (null leaves one as it is); answers them all. */
export function savePreferences(
  q: Sql,
  userId: string,
  deadlineReminders: boolean | null,
  applicationDigest: boolean | null,
  announcements: AnnouncementMailChoice | null = null,
) {
  return mustOne<NotificationPreferences>(
    q,
    `INSERT INTO notification_preferences AS p (user_id, deadline_reminders, application_digest, announcements)
     VALUES ($1, coalesce($2, true), coalesce($3, true), $4)
     ON CONFLICT (user_id) DO UPDATE SET
       deadline_reminders = coalesce($2, p.deadline_reminders),
       application_digest = coalesce($3, p.application_digest),
       announcements = coalesce($4, p.announcements),
       modified_date = now()
     RETURNING deadline_reminders, application_digest, coalesce(announcements, 'each') AS announcements`,
    [userId, deadlineReminders, applicationDigest, announcements],
  );
}

/** Turns one kind off for the user with this slug; false when there is no such user. */
export async function turnOff(q: Sql, userIdSlug: string, kind: NotificationKind): Promise<boolean> {
  const column = kind === 'deadline_reminders' ? 'deadline_reminders' : kind === 'announcements' ? 'announcements' : 'application_digest';
  // Announcements are a choice of three: "off" is their false.
  const off = kind === 'announcements' ? `'off'` : 'false';
  const n = await exec(
    q,
    `INSERT INTO notification_preferences AS p (user_id, ${column})
     SELECT id, ${off} FROM users WHERE id_slug = $1
     ON CONFLICT (user_id) DO UPDATE SET ${column} = ${off}, modified_date = now()`,
    [userIdSlug],
  );
  return n > 0;
}

// Deadline reminders.

export interface ReminderRow {
  user_id_slug: string;
  email: string;
  first_name: string;
  cohort_grade_id: string;
  item_title: string;
  cohort_title: string;
  cohort_id_slug: string;
  deadline: string;
}

/**
 * Claims the reminders due now: each (student, mandatory item) whose deadline for that student (an
 * extension included) falls within the next 24 hours, the item open by its dates (as every status
 * is derived: opened at its own date, else the cohort's start; the deadline ahead), the student
 * enrolled (active), not submitted, with reminders on and not reminded of this deadline yet. The
 * claim is the row in deadline_reminders, holding the deadline it was sent for: a second run, on
 * this worker or another, finds it (or waits for the first to commit and then finds it) and claims
 * nothing; a deadline moved since (an extension) is claimed again.
 */
export function claimDueReminders(q: Sql) {
  return rows<ReminderRow>(
    q,
    `WITH items AS (
       SELECT g.id FROM cohort_grades g
        WHERE g.is_mandatory AND g.deadline_datetime > now() AND g.deadline_datetime <= now() + interval '24 hours'
       UNION
       SELECT x.cohort_grade_id FROM grade_extensions x
        WHERE x.deadline_datetime > now() AND x.deadline_datetime <= now() + interval '24 hours'
     ), due AS (
       SELECT e.user_id, g.id AS cohort_grade_id, effective_deadline(g.deadline_datetime, x.deadline_datetime) AS deadline
         FROM items i
         JOIN cohort_grades g ON g.id = i.id AND g.is_mandatory
         JOIN cohorts c ON c.id = g.cohort_id
         JOIN enrolments e ON e.cohort_id = g.cohort_id AND e.enrolment_status = 'ACTIVE'
         JOIN users u ON u.id = e.user_id AND u.role = 'STUDENT' AND NOT u.is_suspended
         LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = e.user_id
         LEFT JOIN notification_preferences p ON p.user_id = e.user_id
         LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = e.user_id
        WHERE coalesce(g.open_datetime, c.start_date) <= now()
          AND effective_deadline(g.deadline_datetime, x.deadline_datetime) > now()
          AND effective_deadline(g.deadline_datetime, x.deadline_datetime) <= now() + interval '24 hours'
          AND c.end_access_date > now()
          AND coalesce(ug.user_submission_status, 'PENDING') = 'PENDING'
          AND coalesce(p.deadline_reminders, true)
     ), claimed AS (
       INSERT INTO deadline_reminders AS r (user_id, cohort_grade_id, deadline_at)
       SELECT user_id, cohort_grade_id, deadline FROM due
       ON CONFLICT (user_id, cohort_grade_id) DO UPDATE SET deadline_at = EXCLUDED.deadline_at, sent_at = now()
         WHERE r.deadline_at IS DISTINCT FROM EXCLUDED.deadline_at
       RETURNING user_id, cohort_grade_id, deadline_at
     )
     SELECT u.id_slug AS user_id_slug, u.email, u.first_name, g.id AS cohort_grade_id, l.title AS item_title,
            c.title AS cohort_title, c.id_slug AS cohort_id_slug, k.deadline_at AS deadline
       FROM claimed k
       JOIN users u ON u.id = k.user_id
       JOIN cohort_grades g ON g.id = k.cohort_grade_id
       JOIN lessons l ON l.id = g.lesson_id
       JOIN cohorts c ON c.id = g.cohort_id`,
  );
}

// The daily digest of programme applications.

export interface DigestApplicationRow {
  full_name: string;
  email: string;
  course: string;
  created_date: string;
}

/** Records the digest of a day; false when that day's digest exists already (another worker made it). */
export async function recordDigest(q: Sql, day: string, from: Date, until: Date, count: number): Promise<boolean> {
  const n = await exec(
    q,
    `INSERT INTO application_digests (digest_date, covered_from, covered_until, application_count)
     VALUES ($1, $2, $3, $4) ON CONFLICT (digest_date) DO NOTHING`,
    [day, from, until, count],
  );
  return n > 0;
}

/** The calendar day before `now` in the school's time zone, and its bounds. */
export function previousDay(q: Sql, now: Date, timeZone: string) {
  return mustOne<{ day: string; from: Date; until: Date }>(
    q,
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, d AT TIME ZONE $2 AS "from", (d + interval '1 day') AT TIME ZONE $2 AS until
       FROM (SELECT date_trunc('day', $1::timestamptz AT TIME ZONE $2) - interval '1 day' AS d) x`,
    [now, timeZone],
  );
}

export function applicationsBetween(q: Sql, from: Date, until: Date, limit: number) {
  return rows<DigestApplicationRow>(
    q,
    `SELECT full_name, email, course, created_date FROM programme_applications
      WHERE created_date >= $1 AND created_date < $2 ORDER BY created_date DESC, id DESC LIMIT $3`,
    [from, until, limit],
  );
}

export async function countApplicationsBetween(q: Sql, from: Date, until: Date): Promise<number> {
  const row = await mustOne<{ n: number }>(
    q,
    `SELECT count(*)::int AS n FROM programme_applications WHERE created_date >= $1 AND created_date < $2`,
    [from, until],
  );
  return row.n;
}

/** Active admins with the digest on. */
export function digestRecipients(q: Sql) {
  return rows<{ id_slug: string; email: string; first_name: string }>(
    q,
    `SELECT u.id_slug, u.email, u.first_name FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
      WHERE u.role = 'ADMIN' AND NOT u.is_suspended AND coalesce(p.application_digest, true) ORDER BY u.id`,
  );
}

// Notices other modules call for.

export function gradeNotices(q: Sql, userGradeIds: string[]) {
  return rows<{ id_slug: string; email: string; first_name: string; item_title: string; cohort_title: string; cohort_id_slug: string }>(
    q,
    `SELECT ug.id_slug, u.email, u.first_name, l.title AS item_title, c.title AS cohort_title, c.id_slug AS cohort_id_slug
       FROM user_grades ug JOIN users u ON u.id = ug.user_id JOIN cohort_grades g ON g.id = ug.cohort_grade_id
       JOIN lessons l ON l.id = g.lesson_id JOIN cohorts c ON c.id = g.cohort_id
      WHERE ug.id = ANY($1::bigint[])`,
    [userGradeIds],
  );
}

export function certificateNotice(q: Sql, userCertificateId: string) {
  return one<{
    id_slug: string;
    email: string;
    first_name: string;
    certificate_title: string;
    cohort_title: string;
    cohort_id_slug: string;
    /** The credential just issued (the newest unrevoked one): a reissue has a new one. */
    credential_id: string | null;
  }>(
    q,
    `SELECT uc.id_slug, u.email, u.first_name, ce.title AS certificate_title, c.title AS cohort_title, c.id_slug AS cohort_id_slug,
            (SELECT cc.credential_id FROM certificate_credentials cc
              WHERE cc.user_certificate_id = uc.id AND cc.revoked_at IS NULL ORDER BY cc.issued_at DESC, cc.status_index DESC LIMIT 1) AS credential_id
       FROM user_certificates uc JOIN users u ON u.id = uc.user_id JOIN certificates ce ON ce.id = uc.certificate_id
       JOIN cohorts c ON c.id = uc.cohort_id
      WHERE uc.id = $1`,
    [userCertificateId],
  );
}
