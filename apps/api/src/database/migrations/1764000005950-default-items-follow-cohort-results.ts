import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grade items nobody adjusted open their results when the cohort says: at its Results open date
 * when one is set, else at its end (their deadline). A school that sets the cohort's date on the
 * cohort page sees it reach every default item, as it reaches items without a date of their own.
 * `greatest` keeps their results from opening before their deadline (the cohort's end): a cohort date
 * before the end leaves them at the end.
 */
export class DefaultItemsFollowCohortResults1764000005950 implements MigrationInterface {
  name = 'DefaultItemsFollowCohortResults1764000005950';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE FUNCTION add_default_grade_items(pairs_cohort bigint[], pairs_lesson bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE added bigint[];
        BEGIN
          WITH ins AS (
            INSERT INTO cohort_grades (cohort_id, lesson_id, open_datetime, deadline_datetime, result_open_datetime,
                                       is_mandatory, grade_percentage, is_default)
            SELECT c.id, l.id, c.start_date, c.end_date, greatest(c.end_date, c.result_open_date), true, 0, true
              FROM unnest(pairs_cohort, pairs_lesson) p(cohort_id, lesson_id)
              JOIN cohorts c ON c.id = p.cohort_id
              JOIN lessons l ON l.id = p.lesson_id AND l.lesson_type IN ('QUIZ', 'PROJECT')
            ON CONFLICT (cohort_id, lesson_id) DO NOTHING
            RETURNING cohort_id)
          SELECT array_agg(DISTINCT cohort_id) INTO added FROM ins;
          IF added IS NOT NULL THEN PERFORM share_default_grade_weights(added); END IF;
        END $$`);

    await q.query(`DROP TRIGGER cohorts_move_default_grade_items ON cohorts`);
    await q.query(`
      CREATE OR REPLACE FUNCTION cohorts_move_default_grade_items() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE cohort_grades
             SET open_datetime = NEW.start_date, deadline_datetime = NEW.end_date,
                 result_open_datetime = greatest(NEW.end_date, NEW.result_open_date)
           WHERE cohort_id = NEW.id AND is_default;
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER cohorts_move_default_grade_items AFTER UPDATE OF start_date, end_date, result_open_date ON cohorts
      FOR EACH ROW WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date
                         OR OLD.result_open_date IS DISTINCT FROM NEW.result_open_date)
      EXECUTE FUNCTION cohorts_move_default_grade_items()`);

    await q.query(`
      UPDATE cohort_grades g SET result_open_datetime = greatest(c.end_date, c.result_open_date)
        FROM cohorts c
       WHERE c.id = g.cohort_id AND g.is_default AND g.result_open_datetime IS DISTINCT FROM greatest(c.end_date, c.result_open_date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER cohorts_move_default_grade_items ON cohorts`);
    await q.query(`
      CREATE OR REPLACE FUNCTION cohorts_move_default_grade_items() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE cohort_grades SET open_datetime = NEW.start_date, deadline_datetime = NEW.end_date, result_open_datetime = NEW.end_date
           WHERE cohort_id = NEW.id AND is_default;
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER cohorts_move_default_grade_items AFTER UPDATE OF start_date, end_date ON cohorts
      FOR EACH ROW WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date)
      EXECUTE FUNCTION cohorts_move_default_grade_items()`);
    await q.query(`
      CREATE OR REPLACE FUNCTION add_default_grade_items(pairs_cohort bigint[], pairs_lesson bigint[]) RETURNS void LANGUAGE plpgsql AS $$
        DECLARE added bigint[];
        BEGIN
          WITH ins AS (
            INSERT INTO cohort_grades (cohort_id, lesson_id, open_datetime, deadline_datetime, result_open_datetime,
                                       is_mandatory, grade_percentage, is_default)
            SELECT c.id, l.id, c.start_date, c.end_date, c.end_date, true, 0, true
              FROM unnest(pairs_cohort, pairs_lesson) p(cohort_id, lesson_id)
              JOIN cohorts c ON c.id = p.cohort_id
              JOIN lessons l ON l.id = p.lesson_id AND l.lesson_type IN ('QUIZ', 'PROJECT')
            ON CONFLICT (cohort_id, lesson_id) DO NOTHING
            RETURNING cohort_id)
          SELECT array_agg(DISTINCT cohort_id) INTO added FROM ins;
          IF added IS NOT NULL THEN PERFORM share_default_grade_weights(added); END IF;
        END $$`);
  }
}
