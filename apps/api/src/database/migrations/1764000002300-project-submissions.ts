import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Project hand-ins and their grading. A grade item (cohort_grades) opens at open_datetime (null:
 * the cohort's start), takes submissions until its deadline and, marked late, until its late
 * deadline; its status is derived from those dates and the student's hand-in, never stored.
 * submissions holds one hand-in per student and grade item (a resubmission replaces it), the
 * queue graders work through; `kind` leaves room for free-text quiz answers. user_grades keeps
 * the rubric scores, feedback and who graded; released_at records that the student was told.
 */
export class ProjectSubmissions1764000002300 implements MigrationInterface {
  name = 'ProjectSubmissions1764000002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cohort_grades
        ADD COLUMN open_datetime timestamptz,
        ADD COLUMN late_deadline_datetime timestamptz,
        ADD CONSTRAINT cohort_grades_late_after_deadline
          CHECK (late_deadline_datetime IS NULL OR (deadline_datetime IS NOT NULL AND late_deadline_datetime >= deadline_datetime))`);
    await q.query(`
      CREATE TABLE submissions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_grade_id bigint NOT NULL REFERENCES cohort_grades (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL DEFAULT 'PROJECT' CHECK (kind IN ('PROJECT')),
        file_id_slug text REFERENCES stored_files (id_slug) ON DELETE SET NULL,
        file_name text NOT NULL DEFAULT '',
        size_bytes bigint NOT NULL DEFAULT 0,
        files jsonb NOT NULL DEFAULT '[]',
        submitted_at timestamptz NOT NULL DEFAULT now(),
        is_late boolean NOT NULL DEFAULT false,
        attempts integer NOT NULL DEFAULT 1,
        UNIQUE (cohort_grade_id, user_id, kind)
      )`);
    await q.query(`CREATE INDEX submissions_user_idx ON submissions (user_id)`);
    await q.query(`
      ALTER TABLE user_grades
        ADD COLUMN rubric_scores jsonb NOT NULL DEFAULT '[]',
        ADD COLUMN feedback text NOT NULL DEFAULT '',
        ADD COLUMN graded_at timestamptz,
        ADD COLUMN graded_by bigint REFERENCES users (id) ON DELETE SET NULL,
        ADD COLUMN released_at timestamptz`);
    await q.query(
      `CREATE INDEX user_grades_unreleased_idx ON user_grades (cohort_grade_id) WHERE user_submission_status = 'GRADED' AND released_at IS NULL`,
    );
    // Grades graded before this migration were already visible: nothing to announce.
    await q.query(`UPDATE user_grades SET released_at = modified_date WHERE user_submission_status = 'GRADED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS user_grades_unreleased_idx`);
    await q.query(
      `ALTER TABLE user_grades DROP COLUMN released_at, DROP COLUMN graded_by, DROP COLUMN graded_at, DROP COLUMN feedback, DROP COLUMN rubric_scores`,
    );
    await q.query(`DROP TABLE submissions`);
    await q.query(
      `ALTER TABLE cohort_grades DROP CONSTRAINT cohort_grades_late_after_deadline, DROP COLUMN late_deadline_datetime, DROP COLUMN open_datetime`,
    );
  }
}
