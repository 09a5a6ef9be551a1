import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A handed-in project completes its lesson, as a submitted quiz attempt does. Hand-ins made before
 * that rule (and any submitted attempt without its completion) are counted here, dated when they
 * were handed in, for students still enrolled in the cohort. The 15-minute certificates sweep then
 * issues what those completions earn.
 */
export class SubmittedLessonsCompleted1764000003000 implements MigrationInterface {
  name = 'SubmittedLessonsCompleted1764000003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      INSERT INTO lesson_completions (user_id, cohort_id, lesson_id, completed_at)
      SELECT s.user_id, cg.cohort_id, cg.lesson_id, min(s.submitted_at)
        FROM submissions s
        JOIN cohort_grades cg ON cg.id = s.cohort_grade_id
        JOIN enrolments e ON e.cohort_id = cg.cohort_id AND e.user_id = s.user_id
       GROUP BY s.user_id, cg.cohort_id, cg.lesson_id
      ON CONFLICT DO NOTHING`);
    await q.query(`
      INSERT INTO lesson_completions (user_id, cohort_id, lesson_id, completed_at)
      SELECT s.user_id, s.cohort_id, g.lesson_id, min(s.submitted_at)
        FROM quiz_sessions s
        JOIN quiz_groups g ON g.id = s.quiz_group_id
        JOIN enrolments e ON e.cohort_id = s.cohort_id AND e.user_id = s.user_id
       WHERE s.submitted_at IS NOT NULL
       GROUP BY s.user_id, s.cohort_id, g.lesson_id
      ON CONFLICT DO NOTHING`);
  }

  async down(): Promise<void> {
    // The completions are facts of the hand-ins; they are kept.
  }
}
