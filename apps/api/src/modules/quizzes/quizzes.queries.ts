import type { QuestionKind } from '@school/contracts';
import type pg from 'pg';
import { exec, one, preparedRows, rows, type Sql } from '../../common/sql/db';

/** The key of a question as stored in quiz_questions.answer_key. */
export interface AnswerKey {
  correct_boolean: boolean | null;
  correct_number: number | null;
  tolerance: number | null;
  accepted_answers: string[];
}

/** Whether the user may author the quiz of a lesson: admins any, instructors those of courses of cohorts they teach. */
export function authoringLesson(q: Sql, lessonIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{
    lesson_id: string;
    lesson_id_slug: string;
    lesson_title: string;
    lesson_type: string;
    course_id: string;
    course_id_slug: string;
    course_title: string;
  }>(
    q,
    `SELECT l.id AS lesson_id, l.id_slug AS lesson_id_slug, l.title AS lesson_title, l.lesson_type,
            co.id AS course_id, co.id_slug AS course_id_slug, co.title AS course_title
       FROM lessons l JOIN modules m ON m.id = l.module_id JOIN courses co ON co.id = m.course_id
      WHERE l.id_slug = $1
        AND ($3::boolean OR EXISTS (
          SELECT 1 FROM cohort_instructors ci JOIN cohort_courses cc ON cc.cohort_id = ci.cohort_id
           WHERE ci.user_id = $2 AND cc.course_id = co.id))`,
    [lessonIdSlug, userId, isAdmin],
  );
}

/** The quiz lessons of the courses of the cohorts a member of staff teaches, by course. */
export function taughtQuizLessons(q: Sql, userId: string) {
  return rows<{
    course_id_slug: string;
    course_title: string;
    lessons: { id_slug: string; title: string; module_title: string; total_questions: number }[];
  }>(
    q,
    `SELECT co.id_slug AS course_id_slug, co.title AS course_title,
            json_agg(json_build_object('id_slug', l.id_slug, 'title', l.title, 'module_title', m.title,
                                       'total_questions', coalesce((l.quiz_group->>'total_questions')::int, 0))
                     ORDER BY m."order", m.id, l."order", l.id) AS lessons
       FROM courses co
       JOIN modules m ON m.course_id = co.id
       JOIN lessons l ON l.module_id = m.id AND l.lesson_type = 'QUIZ'
      WHERE EXISTS (SELECT 1 FROM cohort_instructors ci JOIN cohort_courses cc ON cc.cohort_id = ci.cohort_id
                     WHERE ci.user_id = $1 AND cc.course_id = co.id)
      GROUP BY co.id ORDER BY co.title`,
    [userId],
  );
}

export interface AuthoringRow {
  id_slug: string;
  group_id: string;
  time_limit_minutes: number | null;
  attempts_allowed: number;
  pass_mark_percentage: number | null;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  draw_count: number | null;
  questions: {
    id_slug: string;
    kind: QuestionKind;
    prompt: string;
    points: number;
    options: { key: string; text: string; is_correct: boolean }[];
    answer_key: AnswerKey;
  }[];
}

/** A lesson's quiz group and its bank (archived questions left out), in order. */
export function quizOfLesson(q: Sql, lessonId: string) {
  return one<AuthoringRow>(
    q,
    `SELECT g.id_slug, g.id AS group_id, g.time_limit_minutes, g.attempts_allowed, g.pass_mark_percentage::float8 AS pass_mark_percentage,
            g.shuffle_questions, g.shuffle_options, g.draw_count,
            coalesce((SELECT json_agg(json_build_object('id_slug', qq.id_slug, 'kind', qq.kind, 'prompt', qq.prompt,
                                                        'points', qq.points::float8, 'options', qq.options, 'answer_key', qq.answer_key)
                                      ORDER BY qq."order", qq.id)
                        FROM quiz_questions qq WHERE qq.quiz_group_id = g.id AND NOT qq.archived), '[]') AS questions
       FROM quiz_groups g WHERE g.lesson_id = $1`,
    [lessonId],
  );
}

export function quizGroupId(q: Sql, lessonId: string) {
  return one<{ id: string }>(q, `SELECT id FROM quiz_groups WHERE lesson_id = $1`, [lessonId]);
}

export function upsertQuizGroup(
  q: Sql,
  lessonId: string,
  s: {
    time_limit_minutes: number | null;
    attempts_allowed: number;
    pass_mark_percentage: number | null;
    shuffle_questions: boolean;
    shuffle_options: boolean;
    draw_count: number | null;
  },
) {
  return one<{ id: string; id_slug: string }>(
    q,
    `INSERT INTO quiz_groups (lesson_id, time_limit_minutes, attempts_allowed, pass_mark_percentage, shuffle_questions, shuffle_options, draw_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (lesson_id) DO UPDATE SET time_limit_minutes = excluded.time_limit_minutes, attempts_allowed = excluded.attempts_allowed,
       pass_mark_percentage = excluded.pass_mark_percentage, shuffle_questions = excluded.shuffle_questions,
       shuffle_options = excluded.shuffle_options, draw_count = excluded.draw_count, modified_date = now()
     RETURNING id, id_slug`,
    [lessonId, s.time_limit_minutes, s.attempts_allowed, s.pass_mark_percentage, s.shuffle_questions, s.shuffle_options, s.draw_count],
  );
}

export interface QuestionRecord {
  id_slug: string | null;
  ord: number;
  kind: QuestionKind;
  prompt: string;
  points: number;
  options: { key: string; text: string; is_correct: boolean }[];
  answer_key: AnswerKey;
}

/**
 * Writes a group's bank in one statement: the listed questions are updated (those with an id_slug
 * of this group) or inserted; every other question leaves the bank (archived, kept for the attempts
 * that drew it). Answers how many listed id_slugs matched a question of the group.
 */
export async function writeBank(q: Sql, groupId: string, questions: QuestionRecord[]): Promise<{ matched: number }> {
  return (await one<{ matched: number }>(
    q,
    `WITH x AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS x(id_slug text, ord int, kind text, prompt text, points numeric, options jsonb, answer_key jsonb)
     ),
     archived AS (
       UPDATE quiz_questions qq SET archived = true
        WHERE qq.quiz_group_id = $1 AND NOT qq.archived
          AND qq.id_slug NOT IN (SELECT id_slug FROM x WHERE id_slug IS NOT NULL)
       RETURNING qq.id
     ),
     updated AS (
       UPDATE quiz_questions qq SET "order" = x.ord, kind = x.kind, prompt = x.prompt, points = x.points,
              options = x.options, answer_key = x.answer_key, archived = false
         FROM x WHERE qq.id_slug = x.id_slug AND qq.quiz_group_id = $1
       RETURNING qq.id
     ),
     inserted AS (
       INSERT INTO quiz_questions (quiz_group_id, "order", kind, prompt, points, options, answer_key)
       SELECT $1, x.ord, x.kind, x.prompt, x.points, x.options, x.answer_key FROM x WHERE x.id_slug IS NULL
       RETURNING id
     )
     SELECT (SELECT count(*) FROM updated)::int AS matched`,
    [groupId, JSON.stringify(questions)],
  ))!;
}

/**
 * How many questions an attempt at quiz group `g` gets: its own draw (or its whole bank) plus each
 * shared bank's draw, as far as that bank holds questions.
 */
const QUESTIONS_PER_ATTEMPT = `(coalesce(g.draw_count, (SELECT count(*) FROM quiz_questions qq WHERE qq.quiz_group_id = g.id AND NOT qq.archived))
  + coalesce((SELECT sum(least(d.draw_count, (SELECT count(*) FROM quiz_questions bq WHERE bq.bank_id = d.bank_id AND NOT bq.archived)))
                FROM quiz_bank_draws d WHERE d.quiz_group_id = g.id), 0))`;

/** The lesson's summary the lesson pages show (total questions of an attempt, time limit). */
export function summariseLessonQuiz(q: Sql, groupId: string) {
  return exec(
    q,
    `UPDATE lessons l SET quiz_group = jsonb_build_object(
              'id_slug', g.id_slug,
              'total_questions', ${QUESTIONS_PER_ATTEMPT},
              'time_limit_minutes', g.time_limit_minutes,
              'instructions_files_urls', coalesce(l.quiz_group->'instructions_files_urls', '[]'::jsonb))
       FROM quiz_groups g WHERE g.id = $1 AND l.id = g.lesson_id`,
    [groupId],
  );
}

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

/**
 * Autosave: $1 session id_slug, $2 user id, $3 the answers as JSON `[{question_id_slug, answer}]`.
 * Writes only to the user's own attempt while it is open and before its deadline, and only when
 * every answer is one of the attempt's questions in the shape its kind takes (all or none). The
 * session row is share-locked, so a submission waits for a save under way and a save after a
 * submission finds the attempt closed. One row: how many sessions matched, answers given and saved.
 */
export const SAVE_ANSWERS_SQL = `
WITH s AS (
  SELECT s.id, s.question_ids FROM quiz_sessions s
   WHERE s.id_slug = $1 AND s.user_id = $2 AND s.submitted_at IS NULL AND (s.deadline_at IS NULL OR s.deadline_at > now())
   FOR SHARE
),
x AS (
  SELECT a.question_id_slug, coalesce(a.answer, 'null'::jsonb) AS answer
    FROM jsonb_to_recordset($3::jsonb) AS a(question_id_slug text, answer jsonb)
),
v AS (
  SELECT s.id AS session_id, q.id AS question_id, x.answer
    FROM s CROSS JOIN x JOIN quiz_questions q ON q.id_slug = x.question_id_slug AND q.id = ANY (s.question_ids)
   WHERE jsonb_typeof(x.answer) = 'null' OR jsonb_typeof(x.answer) = CASE q.kind
           WHEN 'MULTIPLE_CHOICE' THEN 'array' WHEN 'TRUE_FALSE' THEN 'boolean' WHEN 'NUMERIC' THEN 'number' ELSE 'string' END
),
up AS (
  INSERT INTO quiz_answers (session_id, question_id, answer)
  SELECT session_id, question_id, answer FROM v WHERE (SELECT count(*) FROM v) = (SELECT count(*) FROM x)
  ON CONFLICT (session_id, question_id) DO UPDATE SET answer = excluded.answer, saved_at = now()
  RETURNING 1
)
SELECT (SELECT count(*) FROM s)::int AS open, (SELECT count(*) FROM x)::int AS given, (SELECT count(*) FROM up)::int AS saved`;

/**
 * Runs the autosave as a named prepared statement on a pg pool (the API's request pool, or the
 * benchmark ceiling's): the most frequent write of a quiz, planned once per connection.
 */
export async function saveAnswers(
  pool: pg.Pool,
  sessionIdSlug: string,
  userId: string,
  answers: { question_id_slug: string; answer: unknown }[],
): Promise<{ open: number; given: number; saved: number }> {
  const [res] = await preparedRows<{ open: number; given: number; saved: number }>(pool, 'quizzes.save-answers', SAVE_ANSWERS_SQL, [
    sessionIdSlug,
    userId,
    JSON.stringify(answers),
  ]);
  return res;
}

/** Why an attempt takes no answers: none (not the user's), submitted, or past its deadline. */
export function sessionState(q: Sql, sessionIdSlug: string, userId: string) {
  return one<{ submitted: boolean; expired: boolean }>(
    q,
    `SELECT submitted_at IS NOT NULL AS submitted, coalesce(deadline_at <= now(), false) AS expired
       FROM quiz_sessions WHERE id_slug = $1 AND user_id = $2`,
    [sessionIdSlug, userId],
  );
}

export interface LockedSession {
  id: string;
  id_slug: string;
  quiz_group_id: string;
  cohort_id: string;
  user_id: string;
  submitted: boolean;
  due: boolean;
  /** Not due, and not about to be: its deadline moved later (or went), and a job waits at the new one. */
  moved_later: boolean;
}

/** Locks an attempt for its submission: $1 id_slug, $2 the user (null: any, for the deadline job). */
export function lockSession(q: Sql, sessionIdSlug: string, userId: string | null) {
  return one<LockedSession>(
    q,
    `SELECT id, id_slug, quiz_group_id, cohort_id, user_id, submitted_at IS NOT NULL AS submitted,
            coalesce(deadline_at <= now(), false) AS due, coalesce(deadline_at > now() + interval '1 minute', true) AS moved_later
       FROM quiz_sessions WHERE id_slug = $1 AND ($2::bigint IS NULL OR user_id = $2) FOR UPDATE`,
    [sessionIdSlug, userId],
  );
}

/** The attempt's questions with their keys and the answers given, in the attempt's order. */
export function questionsToScore(q: Sql, sessionId: string) {
  return rows<{
    question_id: string;
    kind: QuestionKind;
    points: number;
    options: { key: string; is_correct: boolean }[];
    answer_key: AnswerKey;
    answer_id: string | null;
    answer: unknown;
  }>(
    q,
    `SELECT qq.id AS question_id, qq.kind, qq.points::float8 AS points, qq.options, qq.answer_key, a.id AS answer_id, a.answer
       FROM quiz_sessions s
       CROSS JOIN LATERAL unnest(s.question_ids) WITH ORDINALITY u(qid, ord)
       JOIN quiz_questions qq ON qq.id = u.qid
       LEFT JOIN quiz_answers a ON a.session_id = s.id AND a.question_id = qq.id
      WHERE s.id = $1 ORDER BY u.ord`,
    [sessionId],
  );
}

/** Records the points of each answer (null: waits for a person), the attempt's score, and closes it. */
export async function recordSubmission(
  q: Sql,
  sessionId: string,
  answerIds: string[],
  points: (number | null)[],
  score: number,
  maxScore: number,
) {
  if (answerIds.length)
    await exec(
      q,
      `UPDATE quiz_answers a SET points = x.points, graded_at = CASE WHEN x.points IS NULL THEN NULL ELSE now() END
         FROM unnest($1::bigint[], $2::numeric[]) AS x(id, points) WHERE a.id = x.id`,
      [answerIds, points],
    );
  await exec(q, `UPDATE quiz_sessions SET submitted_at = now(), score = $2, max_score = $3 WHERE id = $1`, [sessionId, score, maxScore]);
}

/**
 * The grade item of a student's quiz in a cohort, from their submitted attempts: the best
 * percentage; SUBMITTED while a free-text answer waits for grading, else GRADED. The quiz lesson
 * counts as completed. Answers the grade.
 */
export async function recomputeGrade(q: Sql, groupId: string, cohortId: string, userId: string) {
  await exec(
    q,
    `INSERT INTO lesson_completions (user_id, cohort_id, lesson_id)
     SELECT $3, $2, g.lesson_id FROM quiz_groups g WHERE g.id = $1 ON CONFLICT DO NOTHING`,
    [groupId, cohortId, userId],
  );
  return one<{ user_grade: number | null; user_submission_status: 'PENDING' | 'SUBMITTED' | 'GRADED' }>(
    q,
    `WITH best AS (
       SELECT max(CASE WHEN s.max_score > 0 THEN round(100 * s.score / s.max_score, 2) ELSE 0 END) AS pct,
              bool_or(EXISTS (SELECT 1 FROM quiz_answers a JOIN quiz_questions qq ON qq.id = a.question_id
                               WHERE a.session_id = s.id AND qq.kind = 'FREE_TEXT' AND a.points IS NULL)) AS waiting
         FROM quiz_sessions s
        WHERE s.quiz_group_id = $1 AND s.cohort_id = $2 AND s.user_id = $3 AND s.submitted_at IS NOT NULL
     )
     INSERT INTO user_grades (cohort_grade_id, user_id, user_grade, user_submission_status)
     SELECT cg.id, $3, b.pct, CASE WHEN b.waiting THEN 'SUBMITTED' ELSE 'GRADED' END
       FROM quiz_groups g JOIN cohort_grades cg ON cg.lesson_id = g.lesson_id AND cg.cohort_id = $2 CROSS JOIN best b
      WHERE g.id = $1 AND b.pct IS NOT NULL
     ON CONFLICT (cohort_grade_id, user_id) DO UPDATE
       SET user_grade = excluded.user_grade, user_submission_status = excluded.user_submission_status, modified_date = now()
     RETURNING user_grade::float8 AS user_grade, user_submission_status`,
    [groupId, cohortId, userId],
  );
}

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

/** A quiz grade item the user may grade: admins any, instructors those of cohorts they teach. */
export function gradableItem(q: Sql, gradeIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{ cohort_id: string; group_id: string }>(
    q,
    `SELECT cg.cohort_id, g.id AS group_id
       FROM cohort_grades cg JOIN quiz_groups g ON g.lesson_id = cg.lesson_id
      WHERE cg.id_slug = $1
        AND ($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = cg.cohort_id AND ci.user_id = $2))`,
    [gradeIdSlug, userId, isAdmin],
  );
}

/** The free-text answers of the submitted attempts of a quiz in a cohort, oldest submission first. */
export function freeTextAnswers(q: Sql, groupId: string, cohortId: string, ungradedOnly: boolean) {
  return rows<{
    answer_id_slug: string;
    session_id_slug: string;
    attempt_number: number;
    student: { id_slug: string; first_name: string; last_name: string; email: string };
    question_id_slug: string;
    prompt: string;
    max_points: number;
    answer: string;
    points: number | null;
    comment: string;
    graded_at: Date | null;
    submitted_at: Date;
  }>(
    q,
    `SELECT a.id_slug AS answer_id_slug, s.id_slug AS session_id_slug, s.attempt_number,
            json_build_object('id_slug', u.id_slug, 'first_name', u.first_name, 'last_name', u.last_name, 'email', u.email) AS student,
            qq.id_slug AS question_id_slug, qq.prompt, qq.points::float8 AS max_points, a.answer #>> '{}' AS answer,
            a.points::float8 AS points, a.grader_comment AS comment, a.graded_at, s.submitted_at
       FROM quiz_sessions s
       JOIN quiz_answers a ON a.session_id = s.id
       JOIN quiz_questions qq ON qq.id = a.question_id
       JOIN users u ON u.id = s.user_id
      WHERE s.quiz_group_id = $1 AND s.cohort_id = $2 AND s.submitted_at IS NOT NULL
        AND qq.kind = 'FREE_TEXT' AND jsonb_typeof(a.answer) = 'string' AND (NOT $3::boolean OR a.points IS NULL)
      ORDER BY s.submitted_at, s.id, qq.id`,
    [groupId, cohortId, ungradedOnly],
  );
}

/** A free-text answer to score, locking its attempt; none when the user may not grade it. */
export function lockAnswerToScore(q: Sql, answerIdSlug: string, userId: string, isAdmin: boolean) {
  return one<{
    answer_id: string;
    session_id: string;
    quiz_group_id: string;
    cohort_id: string;
    user_id: string;
    kind: QuestionKind;
    max_points: number;
    submitted: boolean;
  }>(
    q,
    `SELECT a.id AS answer_id, s.id AS session_id, s.quiz_group_id, s.cohort_id, s.user_id, qq.kind,
            qq.points::float8 AS max_points, s.submitted_at IS NOT NULL AS submitted
       FROM quiz_answers a JOIN quiz_sessions s ON s.id = a.session_id JOIN quiz_questions qq ON qq.id = a.question_id
      WHERE a.id_slug = $1
        AND ($3::boolean OR EXISTS (SELECT 1 FROM cohort_instructors ci WHERE ci.cohort_id = s.cohort_id AND ci.user_id = $2))
      FOR UPDATE OF s`,
    [answerIdSlug, userId, isAdmin],
  );
}

/** Scores one answer by hand (`comment` null keeps the saved one) and re-adds its attempt's score. Answers the attempt's score. */
export async function scoreAnswerByHand(q: Sql, answerId: string, sessionId: string, points: number, comment: string | null) {
  const saved = (await one<{ comment: string }>(
    q,
    `UPDATE quiz_answers SET points = $2, grader_comment = coalesce($3, grader_comment), graded_at = now() WHERE id = $1
     RETURNING grader_comment AS comment`,
    [answerId, points, comment],
  ))!;
  const session = (await one<{ score: number; max_score: number }>(
    q,
    `UPDATE quiz_sessions s SET score = coalesce((SELECT sum(a.points) FROM quiz_answers a WHERE a.session_id = s.id), 0)
      WHERE s.id = $1 RETURNING s.score::float8 AS score, s.max_score::float8 AS max_score`,
    [sessionId],
  ))!;
  return { ...session, comment: saved.comment };
}
