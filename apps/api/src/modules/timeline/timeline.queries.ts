import type { DateRule, LessonDateTemplate, MalaysianState, Phase, PhaseKey } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';
import { LISTED_ENROLMENT } from '../../common/sql/listed-enrolment';

/** A cohort as its timeline needs it. */
export interface TimelineCohort {
  id: string;
  id_slug: string;
  title: string;
  start_date: Date;
  phases: Phase[];
  holiday_state: MalaysianState | null;
}

const COHORT_COLUMNS = `k.id, k.id_slug, k.title, k.start_date, k.phases, k.holiday_state`;

/** The cohort when the user may read its timeline (admins: any; instructors: those they teach). */
export const readableCohort = (q: Sql, cohortSlug: string, userId: string, isAdmin: boolean) =>
  one<TimelineCohort>(
    q,
    `SELECT ${COHORT_COLUMNS} FROM cohorts k
      WHERE k.id_slug = $1 AND ($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = k.id AND ci.user_id = $2))`,
    [cohortSlug, userId, isAdmin],
  );

/** The cohort locked for a change of its timeline: two saves of one cohort run one after the other. */
export const lockedCohort = (q: Sql, cohortSlug: string) =>
  one<TimelineCohort>(q, `SELECT ${COHORT_COLUMNS} FROM cohorts k WHERE k.id_slug = $1 FOR UPDATE`, [cohortSlug]);

/** The same, by internal id (writers that hold the id: the cohort form, course links, templates). */
export const lockedCohortById = (q: Sql, cohortId: string) =>
  one<TimelineCohort>(q, `SELECT ${COHORT_COLUMNS} FROM cohorts k WHERE k.id = $1 FOR UPDATE`, [cohortId]);

/** Every cohort with a rule counted in school days (a closure moves their dates), locked in id order. */
export const cohortsCountingSchoolDays = (q: Sql) =>
  rows<TimelineCohort>(
    q,
    `SELECT ${COHORT_COLUMNS} FROM cohorts k
      WHERE EXISTS (SELECT 1 FROM timeline_rules r WHERE r.cohort_id = k.id AND r.rule->'offset'->>'unit' = 'SCHOOL_DAYS')
         OR EXISTS (SELECT 1 FROM timeline_shifts s WHERE s.cohort_id = k.id)
      ORDER BY k.id FOR UPDATE`,
  );

export const schoolClosures = (q: Sql) =>
  rows<{ id_slug: string; from: string; to: string; title: string }>(
    q,
    `SELECT id_slug, starts_on::text AS "from", ends_on::text AS "to", title FROM school_closures ORDER BY starts_on, id`,
  );

export const insertClosure = (q: Sql, c: { from: string; to: string; title: string }, by: string) =>
  exec(q, `INSERT INTO school_closures (starts_on, ends_on, title, created_by) VALUES ($1, $2, $3, $4)`, [c.from, c.to, c.title, by]);

export const deleteClosure = (q: Sql, idSlug: string) => exec(q, `DELETE FROM school_closures WHERE id_slug = $1`, [idSlug]);

/** The cohort's stored rules, item_key -> rule. */
export const timelineRules = async (q: Sql, cohortId: string) =>
  new Map(
    (await rows<{ item_key: string; rule: DateRule }>(q, `SELECT item_key, rule FROM timeline_rules WHERE cohort_id = $1`, [cohortId])).map(
      (r) => [r.item_key, r.rule],
    ),
  );

/** A grade item's dates (null: not set) with its lesson, in curriculum order. */
export interface GradeItemDates {
  id: string;
  /** Still at the cohort's defaults: its dates follow the cohort's own. */
  is_default: boolean;
  lesson_id_slug: string;
  lesson_title: string;
  course_id_slug: string;
  open: Date | null;
  deadline: Date | null;
  late: Date | null;
  result: Date | null;
}

export interface SessionDate {
  id_slug: string;
  title: string;
  starts_at: Date;
  cancelled: boolean;
}

/** The cohort's dated things: its grade items (of its courses) and its live sessions. */
export async function datedThings(q: Sql, cohortId: string): Promise<{ grades: GradeItemDates[]; sessions: SessionDate[] }> {
  const grades = await rows<GradeItemDates>(
    q,
    `SELECT g.id, g.is_default, l.id_slug AS lesson_id_slug, l.title AS lesson_title, co.id_slug AS course_id_slug,
            g.open_datetime AS open, g.deadline_datetime AS deadline, g.late_deadline_datetime AS late, g.result_open_datetime AS result
       FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id JOIN modules m ON m.id = l.module_id
       JOIN cohort_courses cc ON cc.cohort_id = g.cohort_id AND cc.course_id = m.course_id JOIN courses co ON co.id = cc.course_id
      WHERE g.cohort_id = $1
      ORDER BY cc."order", m."order", l."order", l.id`,
    [cohortId],
  );
  const sessions = await rows<SessionDate>(
    q,
    `SELECT id_slug, title, starts_at, cancelled_at IS NOT NULL AS cancelled FROM live_sessions WHERE cohort_id = $1 ORDER BY starts_at, id`,
    [cohortId],
  );
  return { grades, sessions };
}

/** Replaces the given rules (null: the date becomes fixed) and drops rules of things the cohort no longer has. */
export async function saveRules(q: Sql, cohortId: string, changes: { item_key: string; rule: DateRule | null }[], keep: string[]) {
  const set = changes.filter((c) => c.rule);
  if (set.length)
    await exec(
      q,
      `INSERT INTO timeline_rules (cohort_id, item_key, rule)
       SELECT $1, k, r FROM unnest($2::text[], $3::jsonb[]) u(k, r)
       ON CONFLICT (cohort_id, item_key) DO UPDATE SET rule = EXCLUDED.rule`,
      [cohortId, set.map((c) => c.item_key), set.map((c) => JSON.stringify(c.rule))],
    );
  const cleared = changes.filter((c) => !c.rule).map((c) => c.item_key);
  await exec(q, `DELETE FROM timeline_rules WHERE cohort_id = $1 AND (item_key = ANY ($2::text[]) OR NOT item_key = ANY ($3::text[]))`, [
    cohortId,
    cleared,
    keep,
  ]);
}

/**
 * Moves the cohort: its start to `start` and its other dates by as much; its phases and holiday
 * state. The default grade items follow through their trigger.
 */
export const updateCohortTimeline = (q: Sql, cohortId: string, start: Date, phases: Phase[], state: MalaysianState | null) =>
  exec(
    q,
    `UPDATE cohorts SET end_date = end_date + ($2::timestamptz - start_date), end_access_date = end_access_date + ($2::timestamptz - start_date),
                        result_open_date = result_open_date + ($2::timestamptz - start_date),
                        start_date = $2, phases = $3, holiday_state = $4, modified_date = now()
      WHERE id = $1`,
    [cohortId, start, JSON.stringify(phases), state],
  );

/** Writes the worked-out dates of grade items, one statement for all (null: no date). */
export const writeGradeDates = (
  q: Sql,
  items: { id: string; open: Date | null; deadline: Date | null; late: Date | null; result: Date | null }[],
) =>
  items.length
    ? exec(
        q,
        `UPDATE cohort_grades g SET open_datetime = u.o, deadline_datetime = u.d, late_deadline_datetime = u.l, result_open_datetime = u.r
           FROM unnest($1::bigint[], $2::timestamptz[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[]) u(id, o, d, l, r)
          WHERE g.id = u.id AND (g.open_datetime, g.deadline_datetime, g.late_deadline_datetime, g.result_open_datetime)
                IS DISTINCT FROM (u.o, u.d, u.l, u.r)`,
        [
          items.map((i) => i.id),
          items.map((i) => i.open),
          items.map((i) => i.deadline),
          items.map((i) => i.late),
          items.map((i) => i.result),
        ],
      )
    : Promise.resolve(0);

/** Writes the worked-out starts of live sessions, one statement for all. */
export const writeSessionStarts = (q: Sql, cohortId: string, sessions: { id_slug: string; starts_at: Date }[]) =>
  sessions.length
    ? exec(
        q,
        `UPDATE live_sessions s SET starts_at = u.at, updated_at = now()
           FROM unnest($2::text[], $3::timestamptz[]) u(slug, at)
          WHERE s.cohort_id = $1 AND s.id_slug = u.slug AND s.starts_at <> u.at`,
        [cohortId, sessions.map((s) => s.id_slug), sessions.map((s) => s.starts_at)],
      )
    : Promise.resolve(0);

export interface ShiftRow {
  user_id: string;
  user_id_slug: string;
  first_name: string;
  last_name: string;
  phase: PhaseKey;
  /** The phase's whole extension: given by hand (`days - break_days`) and from the trainee's breaks. */
  days: number;
  break_days: number;
  /** The reason given by hand. */
  reason: string;
}

export const timelineShifts = (q: Sql, cohortId: string) =>
  rows<ShiftRow>(
    q,
    `SELECT s.user_id, u.id_slug AS user_id_slug, u.first_name, u.last_name, s.phase, s.days, s.break_days, s.reason
       FROM timeline_shifts s JOIN users u ON u.id = s.user_id
      WHERE s.cohort_id = $1 ORDER BY lower(u.last_name), lower(u.first_name), u.id, s.phase`,
    [cohortId],
  );

/** One student's shift of a phase, if any. */
export const ownShift = (q: Sql, cohortId: string, userId: string, phase: PhaseKey) =>
  one<{ days: number; break_days: number; reason: string }>(
    q,
    `SELECT days, break_days, reason FROM timeline_shifts WHERE cohort_id = $1 AND user_id = $2 AND phase = $3`,
    [cohortId, userId, phase],
  );

/** Sets (days > 0: the whole extension, `breakDays` of it from breaks) or removes one student's shift of a phase. */
export const saveShift = (
  q: Sql,
  cohortId: string,
  userId: string,
  phase: PhaseKey,
  days: number,
  breakDays: number,
  reason: string,
  by: string,
) =>
  days > 0
    ? exec(
        q,
        `INSERT INTO timeline_shifts (cohort_id, user_id, phase, days, break_days, reason, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (cohort_id, user_id, phase) DO UPDATE SET days = EXCLUDED.days, break_days = EXCLUDED.break_days,
           reason = EXCLUDED.reason, created_by = EXCLUDED.created_by, created_at = now()`,
        [cohortId, userId, phase, days, breakDays, reason, by],
      )
    : exec(q, `DELETE FROM timeline_shifts WHERE cohort_id = $1 AND user_id = $2 AND phase = $3`, [cohortId, userId, phase]);

/**
 * The extensions the shifts make, written in one statement: those from shifts that are no longer
 * made are removed, the others changed where they differ or added; extensions given by hand are
 * left as they are (a student's hand-given extension wins over their shift's).
 */
export const writeShiftExtensions = (
  q: Sql,
  cohortId: string,
  rows_: { grade_id: string; user_id: string; deadline: Date | null; late: Date | null; reason: string }[],
) =>
  exec(
    q,
    `WITH n AS (SELECT * FROM unnest($2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[], $6::text[]) x(g, u, d, l, r)),
     cur AS (
       SELECT x.id, x.cohort_grade_id, x.user_id, x.deadline_datetime, x.late_deadline_datetime, x.reason
         FROM grade_extensions x JOIN cohort_grades g ON g.id = x.cohort_grade_id
        WHERE g.cohort_id = $1 AND x.from_shift),
     -- Each wanted extension beside the one stored, matched once: what goes, what changes, what is new.
     pair AS (
       SELECT n.*, cur.id AS xid, cur.deadline_datetime AS xd, cur.late_deadline_datetime AS xl, cur.reason AS xr
         FROM n FULL JOIN cur ON cur.cohort_grade_id = n.g AND cur.user_id = n.u),
     gone AS (DELETE FROM grade_extensions x USING pair p WHERE x.id = p.xid AND p.g IS NULL),
     changed AS (
       UPDATE grade_extensions x SET deadline_datetime = p.d, late_deadline_datetime = p.l, reason = p.r
         FROM pair p WHERE x.id = p.xid AND p.g IS NOT NULL AND (p.xd, p.xl, p.xr) IS DISTINCT FROM (p.d, p.l, p.r))
     -- A student's own extension of the item (not from a shift) stays: the conflict leaves it.
     INSERT INTO grade_extensions (cohort_grade_id, user_id, deadline_datetime, late_deadline_datetime, reason, from_shift)
     SELECT g, u, d, l, r, true FROM pair WHERE xid IS NULL
     ON CONFLICT (cohort_grade_id, user_id) DO NOTHING`,
    [
      cohortId,
      rows_.map((r) => r.grade_id),
      rows_.map((r) => r.user_id),
      rows_.map((r) => r.deadline),
      rows_.map((r) => r.late),
      rows_.map((r) => r.reason),
    ],
  );

/** The cohort's listed students, for the digest mail. */
export const listedStudents = (q: Sql, cohortId: string) =>
  rows<{ id: string; id_slug: string; email: string; first_name: string }>(
    q,
    `SELECT u.id, u.id_slug, u.email, u.first_name FROM enrolments e JOIN users u ON u.id = e.user_id
      WHERE e.cohort_id = $1 AND ${LISTED_ENROLMENT} ORDER BY u.id`,
    [cohortId],
  );

/** A student of the cohort by internal id, for the mail telling them their dates moved. */
export const cohortStudentById = (q: Sql, cohortId: string, userId: string) =>
  one<{ id: string; id_slug: string; email: string; first_name: string }>(
    q,
    `SELECT u.id, u.id_slug, u.email, u.first_name FROM enrolments e JOIN users u ON u.id = e.user_id
      WHERE e.cohort_id = $1 AND u.id = $2 AND ${LISTED_ENROLMENT}`,
    [cohortId, userId],
  );

/** A listed student of the cohort by id_slug. */
export const cohortStudent = (q: Sql, cohortId: string, userSlug: string) =>
  one<{ id: string; id_slug: string; email: string; first_name: string }>(
    q,
    `SELECT u.id, u.id_slug, u.email, u.first_name FROM enrolments e JOIN users u ON u.id = e.user_id
      WHERE e.cohort_id = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}`,
    [cohortId, userSlug],
  );

// ---- course templates ---------------------------------------------------------------------

/** Sets a quiz or project lesson's date template; none when not such a lesson. */
export const saveLessonTemplate = (q: Sql, lessonSlug: string, template: LessonDateTemplate) =>
  one<{ id_slug: string }>(
    q,
    `UPDATE lessons SET date_template = $2 WHERE id_slug = $1 AND lesson_type IN ('QUIZ', 'PROJECT') RETURNING id_slug`,
    [lessonSlug, JSON.stringify(template)],
  );

/** A quiz or project lesson's date template (null: none); none when not such a lesson. */
export const lessonTemplate = (q: Sql, lessonSlug: string) =>
  one<{ template: LessonDateTemplate | null }>(
    q,
    `SELECT date_template AS template FROM lessons WHERE id_slug = $1 AND lesson_type IN ('QUIZ', 'PROJECT')`,
    [lessonSlug],
  );

/** The date templates of the quiz and project lessons of the cohort's courses. */
export const cohortLessonTemplates = (q: Sql, cohortId: string) =>
  rows<{ lesson_id_slug: string; template: LessonDateTemplate }>(
    q,
    `SELECT l.id_slug AS lesson_id_slug, l.date_template AS template
       FROM cohort_courses cc JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
      WHERE cc.cohort_id = $1 AND l.date_template IS NOT NULL`,
    [cohortId],
  );

// ---- the student's schedule -----------------------------------------------------------------

/** The cohort and the student's own grade dates (their extensions applied), sessions and shifts; none when not theirs to read. */
export const studentSchedule = (q: Sql, cohortSlug: string, userSlug: string) =>
  one<{
    start_date: Date;
    phases: Phase[];
    shifts: { phase: PhaseKey; days: number }[];
    grades: {
      lesson_id_slug: string;
      lesson_title: string;
      course_id_slug: string;
      open: string | null;
      deadline: string | null;
      late: string | null;
      result: string | null;
      own: boolean;
    }[];
    sessions: { id_slug: string; title: string; starts_at: string }[];
  }>(
    q,
    `SELECT k.start_date, k.phases,
            coalesce((SELECT json_agg(json_build_object('phase', s.phase, 'days', s.days)) FROM timeline_shifts s
                       WHERE s.cohort_id = k.id AND s.user_id = e.user_id), '[]') AS shifts,
            coalesce((SELECT json_agg(json_build_object(
                        'lesson_id_slug', l.id_slug, 'lesson_title', l.title, 'course_id_slug', co.id_slug, 'open', g.open_datetime,
                        'deadline', coalesce(x.deadline_datetime, g.deadline_datetime),
                        'late', coalesce(x.late_deadline_datetime, g.late_deadline_datetime), 'result', g.result_open_datetime,
                        'own', x.id IS NOT NULL AND (x.deadline_datetime IS NOT NULL OR x.late_deadline_datetime IS NOT NULL))
                        ORDER BY cc."order", m."order", l."order", l.id)
                        FROM cohort_grades g JOIN lessons l ON l.id = g.lesson_id JOIN modules m ON m.id = l.module_id
                        JOIN cohort_courses cc ON cc.cohort_id = g.cohort_id AND cc.course_id = m.course_id
                        JOIN courses co ON co.id = cc.course_id
                        LEFT JOIN grade_extensions x ON x.cohort_grade_id = g.id AND x.user_id = e.user_id
                       WHERE g.cohort_id = k.id), '[]') AS grades,
            coalesce((SELECT json_agg(json_build_object('id_slug', s.id_slug, 'title', s.title, 'starts_at', s.starts_at) ORDER BY s.starts_at, s.id)
                        FROM live_sessions s WHERE s.cohort_id = k.id AND s.cancelled_at IS NULL), '[]') AS sessions
       FROM cohorts k JOIN enrolments e ON e.cohort_id = k.id JOIN users u ON u.id = e.user_id
      WHERE k.id_slug = $1 AND u.id_slug = $2 AND ${LISTED_ENROLMENT}`,
    [cohortSlug, userSlug],
  );

/**
 * A cohort's start, phases and every student's shifts as the columns `start_date, phases, shifts`,
 * for `windowsOf`; `k`: the alias of `cohorts` in the caller's statement.
 */
export const PHASES_COLUMNS = (k: string) => `${k}.start_date, ${k}.phases,
            coalesce((SELECT json_agg(json_build_object('user_id', s.user_id::text, 'phase', s.phase, 'days', s.days))
                        FROM timeline_shifts s WHERE s.cohort_id = ${k}.id), '[]') AS shifts`;

/** The cohorts' starts and phases with every student's shifts, for their phases' windows. */
export const cohortsPhases = (q: Sql, cohortIds: readonly string[]) =>
  rows<{ id: string; start_date: Date; phases: Phase[]; shifts: { user_id: string; phase: PhaseKey; days: number }[] }>(
    q,
    `SELECT k.id, ${PHASES_COLUMNS('k')} FROM cohorts k WHERE k.id = ANY($1::bigint[])`,
    [cohortIds],
  );
