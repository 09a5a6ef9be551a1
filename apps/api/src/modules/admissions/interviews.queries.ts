import type { InterviewCriterion } from '@school/contracts';
import { INTERVIEW_CHANGE_HOURS } from '@school/contracts';
import { exec, mustOne, one, rows, type Sql } from '../../common/sql/db';
import { iso } from '../../common/sql/list';
import { INTERVIEW_CONFLICT } from './declarations.queries';

const person = (alias: string) =>
  `json_build_object('id_slug', ${alias}.id_slug, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name)`;

/** A slot's columns and its panel as JSON, for a slot aliased `s`. */
const SLOT_COLUMNS = `s.id_slug, s.intake, ${iso('s.starts_at')} AS starts_at, s.duration_minutes, s.place, s.meeting_link, s.capacity,
  COALESCE((SELECT json_agg(${person('u')} ORDER BY u.first_name, u.last_name, u.id)
              FROM interview_panel p JOIN users u ON u.id = p.user_id WHERE p.slot_id = s.id), '[]') AS panel`;

export interface SlotRow {
  id_slug: string;
  intake: string;
  starts_at: string;
  duration_minutes: number;
  place: string;
  meeting_link: string;
  capacity: number;
  panel: { id_slug: string; first_name: string; last_name: string }[];
}

// ---- slots ---------------------------------------------------------------------------------------

/** An intake's slots, soonest first, with their panel and bookings, in one statement. */
export function intakeSlots(q: Sql, intake: string) {
  return rows<SlotRow & { bookings: { application_id_slug: string; full_name: string; booked_at: string; no_show_at: string | null }[] }>(
    q,
    `SELECT ${SLOT_COLUMNS},
            COALESCE((SELECT json_agg(json_build_object('application_id_slug', a.id_slug, 'full_name', a.full_name,
                                                        'booked_at', ${iso('b.booked_at')}, 'no_show_at', ${iso('b.no_show_at')})
                                      ORDER BY b.booked_at, a.id)
                        FROM interview_bookings b JOIN programme_applications a ON a.id = b.application_id
                       WHERE b.slot_id = s.id), '[]') AS bookings
       FROM interview_slots s WHERE s.intake = $1 ORDER BY s.starts_at, s.id`,
    [intake],
  );
}

/** Publishes a slot with its panel (the staff ids), in one statement; answers its id_slug. */
export async function createSlot(
  q: Sql,
  s: { intake: string; starts_at: string; duration_minutes: number; place: string; meeting_link: string; capacity: number },
  panelIds: string[],
  by: string,
): Promise<string> {
  const row = await mustOne<{ id_slug: string }>(
    q,
    `WITH slot AS (
       INSERT INTO interview_slots (intake, starts_at, duration_minutes, place, meeting_link, capacity, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, id_slug),
     panel AS (INSERT INTO interview_panel (slot_id, user_id) SELECT slot.id, unnest($8::bigint[]) FROM slot)
     SELECT id_slug FROM slot`,
    [s.intake, s.starts_at, s.duration_minutes, s.place, s.meeting_link, s.capacity, by, panelIds],
  );
  return row.id_slug;
}

/** A slot locked for a change by an admin, with its bookings (their applications and calendar sequences) and panel. */
export function lockSlotForChange(q: Sql, idSlug: string) {
  return one<{
    id: string;
    intake: string;
    starts_at: string;
    duration_minutes: number;
    place: string;
    meeting_link: string;
    bookings: { application_id: string; sequence: number }[];
    panel_ids: string[];
  }>(
    q,
    `SELECT s.id::text, s.intake, ${iso('s.starts_at')} AS starts_at, s.duration_minutes, s.place, s.meeting_link,
            COALESCE((SELECT json_agg(json_build_object('application_id', b.application_id::text, 'sequence', b.sequence) ORDER BY b.application_id)
                        FROM interview_bookings b WHERE b.slot_id = s.id), '[]') AS bookings,
            COALESCE((SELECT json_agg(p.user_id::text) FROM interview_panel p WHERE p.slot_id = s.id), '[]') AS panel_ids
       FROM interview_slots s WHERE s.id_slug = $1 FOR UPDATE`,
    [idSlug],
  );
}

/**
 * Changes a slot and its panel; when its moment, length, place or link changed, each booking's
 * calendar sequence goes up (the mailed invitation updates the same event) and a reminder is due again.
 */
export async function updateSlot(
  q: Sql,
  slotId: string,
  s: { starts_at: string; duration_minutes: number; place: string; meeting_link: string; capacity: number },
  panelIds: string[],
  rescheduled: boolean,
): Promise<void> {
  await exec(
    q,
    `WITH slot AS (
       UPDATE interview_slots SET starts_at = $2, duration_minutes = $3, place = $4, meeting_link = $5, capacity = $6 WHERE id = $1),
     gone AS (DELETE FROM interview_panel WHERE slot_id = $1 AND NOT (user_id = ANY($7::bigint[]))),
     added AS (INSERT INTO interview_panel (slot_id, user_id) SELECT $1, unnest($7::bigint[]) ON CONFLICT DO NOTHING)
     UPDATE interview_bookings SET sequence = sequence + 1, reminded_for = NULL WHERE $8 AND slot_id = $1`,
    [slotId, s.starts_at, s.duration_minutes, s.place, s.meeting_link, s.capacity, panelIds, rescheduled],
  );
}

/** Removes a slot with its bookings (a cancellation by an admin; bookings first: they hold the slot). */
export async function deleteSlot(q: Sql, slotId: string): Promise<void> {
  await exec(q, `DELETE FROM interview_bookings WHERE slot_id = $1`, [slotId]);
  await exec(q, `DELETE FROM interview_slots WHERE id = $1`, [slotId]);
}

/** Removes a slot nobody booked; answers its intake, or null (unknown, or booked: `booked` tells). */
export async function deleteUnbookedSlot(q: Sql, idSlug: string) {
  const slot = await one<{ id: string; intake: string; booked: boolean }>(
    q,
    `SELECT s.id::text, s.intake, EXISTS (SELECT 1 FROM interview_bookings b WHERE b.slot_id = s.id) AS booked
       FROM interview_slots s WHERE s.id_slug = $1 FOR UPDATE`,
    [idSlug],
  );
  if (slot && !slot.booked) await exec(q, `DELETE FROM interview_slots WHERE id = $1`, [slot.id]);
  return slot;
}

// ---- the rubric ------------------------------------------------------------------------------------

export function interviewRubric(q: Sql, intake: string) {
  return one<{ criteria: InterviewCriterion[]; updated_at: string; scored: boolean }>(
    q,
    `SELECT r.criteria, ${iso('r.updated_at')} AS updated_at,
            EXISTS (SELECT 1 FROM interview_scores sc JOIN programme_applications a ON a.id = sc.application_id WHERE a.intake = r.intake) AS scored
       FROM interview_rubrics r WHERE r.intake = $1`,
    [intake],
  );
}

/** The rubric row locked (so a score and a change of rubric cannot cross), or nothing yet. */
export function lockInterviewRubric(q: Sql, intake: string) {
  return one<{ criteria: InterviewCriterion[] }>(q, `SELECT criteria FROM interview_rubrics WHERE intake = $1 FOR UPDATE`, [intake]);
}

export function intakeInterviewScored(q: Sql, intake: string) {
  return one<{ scored: boolean }>(
    q,
    `SELECT EXISTS (SELECT 1 FROM interview_scores sc JOIN programme_applications a ON a.id = sc.application_id WHERE a.intake = $1) AS scored`,
    [intake],
  );
}

export function saveInterviewRubric(q: Sql, intake: string, criteria: InterviewCriterion[], by: string) {
  return exec(
    q,
    `INSERT INTO interview_rubrics (intake, criteria, updated_by) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (intake) DO UPDATE SET criteria = EXCLUDED.criteria, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [intake, JSON.stringify(criteria), by],
  );
}

// ---- one application's interview ---------------------------------------------------------------------

export interface InterviewRow {
  id: string;
  id_slug: string;
  full_name: string;
  intake: string;
  course: string;
  status: string;
  booking: {
    slot: SlotRow;
    slot_id: string;
    booked_at: string;
    no_show_at: string | null;
    no_show_by: { id_slug: string; first_name: string; last_name: string } | null;
    panel_ids: string[];
    declared_ids: string[];
  } | null;
  rubric: InterviewCriterion[] | null;
  scores: {
    interviewer: { id_slug: string; first_name: string; last_name: string };
    interviewer_id: string;
    scores: Record<string, number>;
    total: number;
    comment: string;
    submitted_at: string;
  }[];
}

/** An application's interview in one statement: booking with slot and panel, the rubric, every score. */
export function interview(q: Sql, idSlug: string) {
  return one<InterviewRow>(
    q,
    `SELECT a.id::text, a.id_slug, a.full_name, a.intake, a.course, a.status,
            (SELECT json_build_object(
                      'slot', (SELECT row_to_json(x) FROM (SELECT ${SLOT_COLUMNS}) x),
                      'slot_id', s.id::text,
                      'booked_at', ${iso('b.booked_at')}, 'no_show_at', ${iso('b.no_show_at')},
                      'no_show_by', (SELECT ${person('n')} FROM users n WHERE n.id = b.no_show_by),
                      -- A member who declared a conflict with this applicant is off their panel.
                      'panel_ids', (SELECT COALESCE(json_agg(p.user_id::text), '[]') FROM interview_panel p
                                     WHERE p.slot_id = s.id AND NOT ${INTERVIEW_CONFLICT('a.id', 'p.user_id')}),
                      -- The panel members who declared no conflict since this booking (who may open and score it).
                      'declared_ids', (SELECT COALESCE(json_agg(DISTINCT d.staff_id::text), '[]') FROM assignment_declarations d
                                        WHERE d.assignment = 'interview' AND NOT d.conflict AND d.application_id = a.id
                                          AND d.declared_at >= b.booked_at))
               FROM interview_bookings b JOIN interview_slots s ON s.id = b.slot_id WHERE b.application_id = a.id) AS booking,
            (SELECT r.criteria FROM interview_rubrics r WHERE r.intake = a.intake) AS rubric,
            COALESCE((SELECT json_agg(json_build_object('interviewer', ${person('u')}, 'interviewer_id', u.id::text, 'scores', sc.scores,
                                                        'total', sc.total, 'comment', sc.comment, 'submitted_at', ${iso('sc.submitted_at')})
                                      ORDER BY sc.submitted_at, u.id)
                        FROM interview_scores sc JOIN users u ON u.id = sc.interviewer_id WHERE sc.application_id = a.id), '[]') AS scores
       FROM programme_applications a WHERE a.id_slug = $1`,
    [idSlug],
  );
}

/** Saves (or replaces) one interviewer's scores of an application. */
export function saveInterviewScore(
  q: Sql,
  applicationId: string,
  interviewerId: string,
  scores: Record<string, number>,
  total: number,
  comment: string,
) {
  return exec(
    q,
    `INSERT INTO interview_scores (application_id, interviewer_id, scores, total, comment) VALUES ($1, $2, $3::jsonb, $4, $5)
     ON CONFLICT (application_id, interviewer_id)
     DO UPDATE SET scores = EXCLUDED.scores, total = EXCLUDED.total, comment = EXCLUDED.comment, submitted_at = now()`,
    [applicationId, interviewerId, JSON.stringify(scores), total, comment],
  );
}

export function recordNoShow(q: Sql, applicationId: string, by: string) {
  return exec(q, `UPDATE interview_bookings SET no_show_at = now(), no_show_by = $2 WHERE application_id = $1 AND no_show_at IS NULL`, [
    applicationId,
    by,
  ]);
}

/** The slots of the interviewer's panels, soonest first, each booked applicant with the interviewer's own total. */
export function myInterviews(q: Sql, userId: string) {
  return rows<
    SlotRow & {
      bookings: {
        application_id_slug: string;
        full_name: string;
        course: string;
        no_show_at: string | null;
        my_total: number | null;
        declared: boolean;
      }[];
    }
  >(
    q,
    `SELECT ${SLOT_COLUMNS},
            COALESCE((SELECT json_agg(json_build_object('application_id_slug', a.id_slug, 'full_name', a.full_name, 'course', a.course,
                                                        'no_show_at', ${iso('b.no_show_at')},
                                                        'my_total', (SELECT sc.total FROM interview_scores sc
                                                                      WHERE sc.application_id = a.id AND sc.interviewer_id = $1),
                                                        'declared', EXISTS (SELECT 1 FROM assignment_declarations d
                                                                             WHERE d.assignment = 'interview' AND NOT d.conflict
                                                                               AND d.application_id = a.id AND d.staff_id = $1
                                                                               AND d.declared_at >= b.booked_at))
                                      ORDER BY b.booked_at, a.id)
                        FROM interview_bookings b JOIN programme_applications a ON a.id = b.application_id
                       WHERE b.slot_id = s.id AND NOT ${INTERVIEW_CONFLICT('a.id', '$1')}), '[]') AS bookings
       FROM interview_panel me JOIN interview_slots s ON s.id = me.slot_id
      WHERE me.user_id = $1
      ORDER BY s.starts_at, s.id`,
    [userId],
  );
}

// ---- the applicant's booking ------------------------------------------------------------------------

export interface ApplicantSlotRow {
  id: string;
  id_slug: string;
  starts_at: string;
  duration_minutes: number;
  place: string;
  meeting_link: string;
  full: boolean;
}

const APPLICANT_SLOT = `s.id::text, s.id_slug, ${iso('s.starts_at')} AS starts_at, s.duration_minutes, s.place, s.meeting_link,
  (SELECT count(*) FROM interview_bookings x WHERE x.slot_id = s.id) >= s.capacity AS full`;

/** The application's intake and state, for what its applicant may book. */
export function applicationStage(q: Sql, applicationId: string) {
  return mustOne<{ intake: string; status: string }>(q, `SELECT intake, status FROM programme_applications WHERE id = $1`, [applicationId]);
}

/** The applicant's booking (with its slot), if any. */
export function bookingOf(q: Sql, applicationId: string) {
  return one<ApplicantSlotRow & { sequence: number; no_show: boolean; change_until: string }>(
    q,
    `SELECT ${APPLICANT_SLOT}, b.sequence, b.no_show_at IS NOT NULL AS no_show,
            ${iso(`(s.starts_at - interval '${INTERVIEW_CHANGE_HOURS} hours')`)} AS change_until
       FROM interview_bookings b JOIN interview_slots s ON s.id = b.slot_id WHERE b.application_id = $1`,
    [applicationId],
  );
}

/** The slots an applicant may book: their intake's, more than INTERVIEW_CHANGE_HOURS away, soonest first. */
export function openSlots(q: Sql, intake: string) {
  return rows<ApplicantSlotRow>(
    q,
    `SELECT ${APPLICANT_SLOT} FROM interview_slots s
      WHERE s.intake = $1 AND s.starts_at > now() + interval '${INTERVIEW_CHANGE_HOURS} hours'
      ORDER BY s.starts_at, s.id LIMIT 200`,
    [intake],
  );
}

/** Whether an applicant of the intake could book an interview now: a slot far enough ahead with a free place. */
export async function intakeHasOpenSlot(q: Sql, intake: string): Promise<boolean> {
  const row = await one<{ open: boolean }>(
    q,
    `SELECT EXISTS (SELECT 1 FROM interview_slots s
                     WHERE s.intake = $1 AND s.starts_at > now() + interval '${INTERVIEW_CHANGE_HOURS} hours'
                       AND (SELECT count(*) FROM interview_bookings x WHERE x.slot_id = s.id) < s.capacity) AS open`,
    [intake],
  );
  return row?.open ?? false;
}

/** A slot locked for booking (two applicants taking its last place cannot both get it), with its free places. */
export function lockSlot(q: Sql, idSlug: string) {
  return one<{ id: string; intake: string; starts_at: Date; bookable: boolean; taken: number; capacity: number }>(
    q,
    `SELECT s.id::text, s.intake, s.starts_at, s.starts_at > now() + interval '${INTERVIEW_CHANGE_HOURS} hours' AS bookable, s.capacity,
            (SELECT count(*)::int FROM interview_bookings x WHERE x.slot_id = s.id) AS taken
       FROM interview_slots s WHERE s.id_slug = $1 FOR UPDATE`,
    [idSlug],
  );
}

/** Books the slot, or moves the booking to it (a new calendar sequence, and a reminder again). */
export function book(q: Sql, applicationId: string, slotId: string) {
  return exec(
    q,
    `INSERT INTO interview_bookings (application_id, slot_id) VALUES ($1, $2)
     ON CONFLICT (application_id) DO UPDATE
       SET slot_id = EXCLUDED.slot_id, booked_at = now(), sequence = interview_bookings.sequence + 1, reminded_for = NULL`,
    [applicationId, slotId],
  );
}

export function cancelBooking(q: Sql, applicationId: string) {
  return exec(q, `DELETE FROM interview_bookings WHERE application_id = $1`, [applicationId]);
}

/** What an interview mail needs: the applicant and their booking's slot. */
export function interviewMailFacts(q: Sql, applicationId: string) {
  return one<{
    id_slug: string;
    email: string;
    full_name: string;
    intake: string;
    starts_at: Date;
    duration_minutes: number;
    place: string;
    meeting_link: string;
    sequence: number;
    slot_id_slug: string;
  }>(
    q,
    `SELECT a.id_slug, a.email, a.full_name, a.intake, s.starts_at, s.duration_minutes, s.place, s.meeting_link, b.sequence,
            s.id_slug AS slot_id_slug
       FROM programme_applications a JOIN interview_bookings b ON b.application_id = a.id JOIN interview_slots s ON s.id = b.slot_id
      WHERE a.id = $1`,
    [applicationId],
  );
}

/**
 * Claims the reminders due: bookings of shortlisted applicants whose interview starts within the next
 * day and was not reminded for that start (a moved booking is reminded again), marked in the claim.
 */
export function claimDueInterviewReminders(q: Sql) {
  return rows<{ application_id: string; starts_at: string }>(
    q,
    `UPDATE interview_bookings b SET reminded_for = s.starts_at
       FROM interview_slots s, programme_applications a
      WHERE s.id = b.slot_id AND a.id = b.application_id AND a.status = 'SHORTLISTED' AND b.no_show_at IS NULL
        AND s.starts_at > now() AND s.starts_at <= now() + interval '1 day'
        AND b.reminded_for IS DISTINCT FROM s.starts_at
      RETURNING b.application_id::text, ${iso('s.starts_at')} AS starts_at`,
  );
}

/**
 * Writes an interview event (booked, changed, cancelled, no-show) on the application's timeline as a
 * SHORTLISTED -> SHORTLISTED move with who (null: the applicant) and what, as an extended offer is.
 */
export function logInterviewEvent(q: Sql, applicationId: string, actorId: string | null, reason: string) {
  return exec(
    q,
    `INSERT INTO application_transitions (application_id, from_status, to_status, actor_id, reason) VALUES ($1, 'SHORTLISTED', 'SHORTLISTED', $2, $3)`,
    [applicationId, actorId, reason],
  );
}
