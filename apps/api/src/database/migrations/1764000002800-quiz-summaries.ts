import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each QUIZ lesson's cached summary (lessons.quiz_group, read by the lesson and course views) made
 * true to its quiz: schools that predate the question bank carry a summary the old demo seed wrote
 * ("10 questions, 20 minutes") for quizzes with no bank, so the page promised questions that Start
 * could not give. The figures are those the quiz save writes (summariseLessonQuiz): the questions
 * of an attempt (the draw, else the live bank) and the time limit; a lesson with no quiz yet has 0
 * questions and no limit. Any instruction files listed stay.
 */
export class QuizSummaries1764000002800 implements MigrationInterface {
  name = 'QuizSummaries1764000002800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE lessons l
         SET quiz_group = jsonb_build_object(
               'total_questions', CASE WHEN g.id IS NULL THEN 0 ELSE coalesce(g.draw_count,
                 (SELECT count(*) FROM quiz_questions qq WHERE qq.quiz_group_id = g.id AND NOT qq.archived)) END,
               'time_limit_minutes', g.time_limit_minutes,
               'instructions_files_urls', coalesce(l.quiz_group->'instructions_files_urls', '[]'::jsonb))
             || CASE WHEN g.id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('id_slug', g.id_slug) END
        FROM lessons x LEFT JOIN quiz_groups g ON g.lesson_id = x.id
       WHERE l.id = x.id AND x.lesson_type = 'QUIZ'`);
  }

  async down(): Promise<void> {
    // The old summaries were wrong; nothing to restore.
  }
}
