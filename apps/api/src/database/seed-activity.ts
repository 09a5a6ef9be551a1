import type { INestApplicationContext } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { mustOne, rows } from '../common/sql/db';
import { QuizzesService } from '../modules/quizzes';

/**
 * The demo's learning done through the product's own services, after the seed's accounts and
 * courses exist, so every figure agrees with its source: Aisyah takes the first quiz (start, answer,
 * submit) and the attempt, its score, the grade item and the lesson's completion come from that.
 */
export async function seedDemoActivity(app: INestApplicationContext, ds: DataSource): Promise<void> {
  const quizzes = app.get(QuizzesService, { strict: false });
  const target = await mustOne<{ user_id: string; user_slug: string; cohort_slug: string; lesson_slug: string }>(
    ds,
    `SELECT u.id AS user_id, u.id_slug AS user_slug, c.id_slug AS cohort_slug, l.id_slug AS lesson_slug
       FROM users u, cohorts c, lessons l
      WHERE u.email = 'student@example.com' AND c.title = $1 AND l.title = $2`,
    [DEMO_COHORT_TITLE, DEMO_TAKEN_QUIZ],
  );
  const me = { id: target.user_id, id_slug: target.user_slug, role: 'STUDENT' as const };
  const { session_id_slug } = await quizzes.start(me, target.cohort_slug, target.lesson_slug);
  const questions = await rows<{ id_slug: string; kind: string }>(
    ds,
    `SELECT q.id_slug, q.kind FROM quiz_sessions s CROSS JOIN LATERAL unnest(s.question_ids) AS qi(id)
       JOIN quiz_questions q ON q.id = qi.id WHERE s.id_slug = $1`,
    [session_id_slug],
  );
  // Three of the four right: the short answer names the wrong block.
  const answers: Record<string, unknown> = { SINGLE_CHOICE: 'ff', TRUE_FALSE: true, NUMERIC: 4, SHORT_TEXT: 'demultiplexer' };
  await quizzes.saveAnswers(me, session_id_slug, {
    answers: questions.map((q) => ({ question_id_slug: q.id_slug, answer: (answers[q.kind] ?? null) as never })),
  });
  await quizzes.submit(me, session_id_slug);
}

export const DEMO_COHORT_TITLE = 'Semiconductor Talent Programme: Cohort 1';
export const DEMO_TAKEN_QUIZ = 'Quiz: RTL building blocks';
