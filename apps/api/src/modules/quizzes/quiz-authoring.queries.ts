import type { QuestionKind } from '@school/contracts';
import { exec, one, rows, type Sql } from '../../common/sql/db';

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
export const QUESTIONS_PER_ATTEMPT = `(coalesce(g.draw_count, (SELECT count(*) FROM quiz_questions qq WHERE qq.quiz_group_id = g.id AND NOT qq.archived))
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
