import type { QuestionKind } from '@school/contracts';
import { one, type Sql } from '../../common/sql/db';
import { type AnswerKey, QUESTIONS_PER_ATTEMPT } from './quiz-authoring.queries';

export interface SessionRow {
  id: string;
  id_slug: string;
  user_id: string;
  attempt_number: number;
  started_at: Date;
  deadline_at: Date | null;
  submitted_at: Date | null;
  server_now: Date;
  expired: boolean;
  score: number | null;
  max_score: number | null;
  attempts_allowed: number;
  time_limit_minutes: number | null;
  pass_mark_percentage: number | null;
  lesson_id_slug: string;
  lesson_title: string;
  cohort_id_slug: string;
  course_id_slug: string;
  result_open_datetime: Date | null;
  results_visible: boolean;
  /** The quiz's grade that counts for the student (grade_result): set by hand, else the best attempt after any late penalty. */
  item_grade: { grade: number; set_by_hand: boolean; before_late_penalty: number | null } | null;
  questions: {
    id_slug: string;
    kind: QuestionKind;
    prompt: string;
    points: number;
    options: { key: string; text: string; is_correct: boolean }[];
    option_order: string[] | null;
    answer_key: AnswerKey;
    answer: unknown;
    awarded: number | null;
    grader_comment: string | null;
  }[];
}

/** One attempt in full (keys included: the service decides what the student sees). $2 the user, or null for any. */
export function sessionView(q: Sql, sessionIdSlug: string, userId: string | null) {
  return one<SessionRow>(
    q,
    `SELECT s.id, s.id_slug, s.user_id, s.attempt_number, s.started_at, s.deadline_at, s.submitted_at, now() AS server_now,
            (s.submitted_at IS NULL AND coalesce(s.deadline_at <= now(), false)) AS expired,
            s.score::float8 AS score, s.max_score::float8 AS max_score,
            g.attempts_allowed, g.time_limit_minutes, g.pass_mark_percentage::float8 AS pass_mark_percentage,
            l.id_slug AS lesson_id_slug, l.title AS lesson_title, c.id_slug AS cohort_id_slug, co.id_slug AS course_id_slug,
            coalesce(cg.result_open_datetime, c.result_open_date) AS result_open_datetime,
            (s.submitted_at IS NOT NULL AND coalesce(coalesce(cg.result_open_datetime, c.result_open_date) <= now(), true)) AS results_visible,
            -- Graded (no free text waiting), or set by hand.
            (SELECT json_build_object('grade', r.final_grade::float8, 'set_by_hand', r.override_grade IS NOT NULL,
                      'before_late_penalty', CASE WHEN r.override_grade IS NULL AND r.late_grade <> r.original_grade
                                                  THEN r.original_grade::float8 END)
               FROM user_grades ug CROSS JOIN LATERAL grade_result(cg.id, s.user_id) r
              WHERE ug.cohort_grade_id = cg.id AND ug.user_id = s.user_id AND r.final_grade IS NOT NULL
                AND (ug.user_submission_status = 'GRADED' OR r.override_grade IS NOT NULL)) AS item_grade,
            coalesce((SELECT json_agg(json_build_object('id_slug', qq.id_slug, 'kind', qq.kind, 'prompt', qq.prompt,
                                                        'points', qq.points::float8, 'options', qq.options,
                                                        'option_order', s.option_orders->(qq.id::text), 'answer_key', qq.answer_key,
                                                        'answer', a.answer, 'awarded', a.points::float8,
                                                        'grader_comment', a.grader_comment) ORDER BY u.ord)
                        FROM unnest(s.question_ids) WITH ORDINALITY u(qid, ord)
                        JOIN quiz_questions qq ON qq.id = u.qid
                        LEFT JOIN quiz_answers a ON a.session_id = s.id AND a.question_id = qq.id), '[]') AS questions
       FROM quiz_sessions s
       JOIN quiz_groups g ON g.id = s.quiz_group_id
       JOIN lessons l ON l.id = g.lesson_id
       JOIN modules m ON m.id = l.module_id
       JOIN courses co ON co.id = m.course_id
       JOIN cohorts c ON c.id = s.cohort_id
       LEFT JOIN cohort_grades cg ON cg.cohort_id = c.id AND cg.lesson_id = l.id
      WHERE s.id_slug = $1 AND ($2::bigint IS NULL OR s.user_id = $2)`,
    [sessionIdSlug, userId],
  );
}

/** The student's attempts at a quiz of a cohort they are enrolled in; none when they are not. */
export function attempts(q: Sql, cohortIdSlug: string, lessonIdSlug: string, userId: string) {
  return one<{
    attempts_allowed: number;
    time_limit_minutes: number | null;
    total_questions: number;
    deadline_datetime: string | null;
    extension: { deadline_datetime: string | null; late_deadline_datetime: string | null; extra_attempts: number } | null;
    late_policy: { late_penalty_per_day: number | null; late_score_cap: number | null };
    start_is_late: boolean;
    data: {
      session_id_slug: string;
      attempt_number: number;
      status: 'OPEN' | 'SUBMITTED';
      started_at: string;
      submitted_at: string | null;
      deadline_at: string | null;
      is_late: boolean;
    }[];
  }>(
    q,
    `SELECT coalesce(g.attempts_allowed, 1) + coalesce(x.extra_attempts, 0) AS attempts_allowed, g.time_limit_minutes,
            effective_deadline(cg.deadline_datetime, x.deadline_datetime) AS deadline_datetime,
            CASE WHEN x.id IS NULL THEN NULL ELSE json_build_object('deadline_datetime', x.deadline_datetime,
              'late_deadline_datetime', x.late_deadline_datetime, 'extra_attempts', x.extra_attempts) END AS extension,
            json_build_object('late_penalty_per_day', cg.late_penalty_per_day::float8, 'late_score_cap', cg.late_score_cap::float8) AS late_policy,
            coalesce(effective_deadline(cg.deadline_datetime, x.deadline_datetime) <= now(), false) AS start_is_late,
            coalesce(${QUESTIONS_PER_ATTEMPT}, 0)::int AS total_questions,
            coalesce((SELECT json_agg(json_build_object('session_id_slug', s.id_slug, 'attempt_number', s.attempt_number,
                                                        'status', CASE WHEN s.submitted_at IS NULL THEN 'OPEN' ELSE 'SUBMITTED' END,
                                                        'started_at', s.started_at, 'submitted_at', s.submitted_at, 'deadline_at', s.deadline_at,
                                                        'is_late', days_late(s.submitted_at, effective_deadline(cg.deadline_datetime, x.deadline_datetime)) > 0)
                                      ORDER BY s.attempt_number)
                        FROM quiz_sessions s WHERE s.quiz_group_id = g.id AND s.cohort_id = c.id AND s.user_id = $3), '[]') AS data
       FROM cohorts c
       JOIN enrolments e ON e.cohort_id = c.id AND e.user_id = $3 AND e.enrolment_status IN ('ACTIVE', 'SUSPENDED')
       JOIN lessons l ON l.id_slug = $2 AND l.lesson_type = 'QUIZ'
       JOIN modules m ON m.id = l.module_id
       JOIN cohort_courses cc ON cc.cohort_id = c.id AND cc.course_id = m.course_id
       LEFT JOIN quiz_groups g ON g.lesson_id = l.id
       LEFT JOIN cohort_grades cg ON cg.cohort_id = c.id AND cg.lesson_id = l.id
       LEFT JOIN grade_extensions x ON x.cohort_grade_id = cg.id AND x.user_id = e.user_id
      WHERE c.id_slug = $1`,
    [cohortIdSlug, lessonIdSlug, userId],
  );
}
