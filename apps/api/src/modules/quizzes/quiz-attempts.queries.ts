import { one, rows, type Sql } from '../../common/sql/db';

export interface StartTarget {
  cohort_id: string;
  enrolment_status: string;
  access_ended: boolean;
  lesson_id: string;
  lesson_type: string;
  group_id: string | null;
  time_limit_minutes: number | null;
  attempts_allowed: number | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
  grade_id: string | null;
  /** The quiz's attempts plus the student's extra attempts. */
  attempts_with_extra: number | null;
  /** Whether the grade item takes attempts now (opened, not closed). */
  is_open: boolean | null;
}

/**
 * A student's quiz in a cohort, locking their enrolment so that Starts of the same student
 * (two tabs) run one after the other. None when the lesson is not in a class they are enrolled in.
 */
export function lockStartTarget(q: Sql, cohortIdSlug: string, lessonIdSlug: string, userId: string) {
  return one<StartTarget>(
    q,
    `SELECT c.id AS cohort_id, e.enrolment_status, c.end_access_date <= now() AS access_ended, l.id AS lesson_id, l.lesson_type,
            g.id AS group_id, g.time_limit_minutes, g.attempts_allowed, coalesce(g.shuffle_questions, false) AS shuffle_questions,
            coalesce(g.shuffle_options, false) AS shuffle_options, g.draw_count,
            cg.id AS grade_id, g.attempts_allowed + coalesce(x.extra_attempts, 0) AS attempts_with_extra,
            -- Open by the item's dates, as every grade status is (NOT_OPEN before it opens, closed after
            -- the later of the student's deadline and late deadline, an extension included), never by
            -- the stored status column.
            (coalesce(cg.open_datetime, c.start_date) <= now()
              AND coalesce(greatest(effective_deadline(cg.deadline_datetime, x.deadline_datetime),
                                    effective_late_deadline(cg.deadline_datetime, cg.late_deadline_datetime, x.late_deadline_datetime)) > now(),
                           true)) AS is_open
       FROM cohorts c
       JOIN enrolments e ON e.cohort_id = c.id AND e.user_id = $3 AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED')
       JOIN lessons l ON l.id_slug = $2
       JOIN modules m ON m.id = l.module_id
       JOIN cohort_courses cc ON cc.cohort_id = c.id AND cc.course_id = m.course_id
       LEFT JOIN quiz_groups g ON g.lesson_id = l.id
       LEFT JOIN cohort_grades cg ON cg.cohort_id = c.id AND cg.lesson_id = l.id
       LEFT JOIN grade_extensions x ON x.cohort_grade_id = cg.id AND x.user_id = e.user_id
      WHERE c.id_slug = $1
      FOR NO KEY UPDATE OF e`,
    [cohortIdSlug, lessonIdSlug, userId],
  );
}

export function openSession(q: Sql, groupId: string, cohortId: string, userId: string) {
  return one<{ id: string; id_slug: string; expired: boolean }>(
    q,
    `SELECT id, id_slug, coalesce(deadline_at <= now(), false) AS expired FROM quiz_sessions
      WHERE quiz_group_id = $1 AND cohort_id = $2 AND user_id = $3 AND submitted_at IS NULL`,
    [groupId, cohortId, userId],
  );
}

export async function attemptsUsed(q: Sql, groupId: string, cohortId: string, userId: string): Promise<number> {
  const row = await one<{ n: number }>(
    q,
    `SELECT count(*)::int AS n FROM quiz_sessions WHERE quiz_group_id = $1 AND cohort_id = $2 AND user_id = $3`,
    [groupId, cohortId, userId],
  );
  return row?.n ?? 0;
}

export function bank(q: Sql, groupId: string) {
  return rows<{ id: string; id_slug: string; option_keys: string[] }>(
    q,
    `SELECT id, id_slug, ARRAY(SELECT o->>'key' FROM jsonb_array_elements(options) o) AS option_keys
       FROM quiz_questions WHERE quiz_group_id = $1 AND NOT archived ORDER BY "order", id`,
    [groupId],
  );
}

/**
 * The moment a student's attempt must end by: the later of their deadline and late deadline (an
 * extension included), so an attempt started in the late window runs in it; null: never. `cg` is
 * the grade item, `x` the student's extension.
 */
const STUDENT_CLOSES = `greatest(effective_deadline(cg.deadline_datetime, x.deadline_datetime),
  effective_late_deadline(cg.deadline_datetime, cg.late_deadline_datetime, x.late_deadline_datetime))`;

/** A new attempt; its deadline is the time limit from now, or when the grade item closes for the student when sooner. */
export function insertSession(
  q: Sql,
  v: { groupId: string; cohortId: string; userId: string; attempt: number; questionIds: string[]; optionOrders: Record<string, string[]> },
) {
  return one<{ id: string; id_slug: string; deadline_at: Date | null }>(
    q,
    `INSERT INTO quiz_sessions (quiz_group_id, cohort_id, user_id, attempt_number, question_ids, option_orders, deadline_at)
     SELECT g.id, $2, $3, $4, $5::bigint[], $6::jsonb,
            LEAST(now() + make_interval(mins => g.time_limit_minutes), ${STUDENT_CLOSES})
       FROM quiz_groups g LEFT JOIN cohort_grades cg ON cg.cohort_id = $2 AND cg.lesson_id = g.lesson_id
       LEFT JOIN grade_extensions x ON x.cohort_grade_id = cg.id AND x.user_id = $3
      WHERE g.id = $1
     RETURNING id, id_slug, deadline_at`,
    [v.groupId, v.cohortId, v.userId, v.attempt, v.questionIds, JSON.stringify(v.optionOrders)],
  );
}

/**
 * Fixes again the deadline of the open attempts of students whose dates on a quiz's grade item
 * changed ($1 grade item id, $2 the students): the time limit from their start, or when the item
 * closes for them when sooner. Answers the attempts whose deadline moved.
 */
export function refixOpenAttemptDeadlines(q: Sql, gradeId: string, userIds: string[]) {
  return rows<{ id_slug: string; deadline_at: Date | null }>(
    q,
    `UPDATE quiz_sessions s SET deadline_at = d.deadline_at
       FROM (SELECT s2.id, LEAST(s2.started_at + make_interval(mins => g.time_limit_minutes), ${STUDENT_CLOSES}) AS deadline_at
               FROM cohort_grades cg
               JOIN quiz_groups g ON g.lesson_id = cg.lesson_id
               JOIN quiz_sessions s2 ON s2.quiz_group_id = g.id AND s2.cohort_id = cg.cohort_id AND s2.submitted_at IS NULL
                                    AND s2.user_id = ANY($2::bigint[])
               LEFT JOIN grade_extensions x ON x.cohort_grade_id = cg.id AND x.user_id = s2.user_id
              WHERE cg.id = $1) d
      WHERE s.id = d.id AND s.deadline_at IS DISTINCT FROM d.deadline_at
      RETURNING s.id_slug, s.deadline_at`,
    [gradeId, userIds],
  );
}
