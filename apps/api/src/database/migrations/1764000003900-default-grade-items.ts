import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grade items made for the school, so a quiz or project never sits 'not open' because nobody
 * created its item. When a course is linked to a cohort, and when a quiz or project lesson joins
 * (or becomes part of) a linked course, each cohort gets an item with defaults: open at the
 * cohort's start, deadline and results at its end, mandatory, weight shared evenly.
 *
 * `is_default` marks an item staff have not adjusted yet: such items follow the cohort's dates
 * when they move and share what weight the adjusted items leave (100 minus theirs), the first
 * taking the rounding remainder so the weights add up to exactly 100. A save from the Grade items
 * tab clears the mark, so an adjusted item keeps what staff gave it.
 *
 * Triggers, not service code, because every writer links courses and adds lessons (the cohort
 * and curriculum screens, the seed, imports) and each must get the same items in its own
 * transaction. Items that existed before are left as staff made them (not marked default).
 */
export class DefaultGradeItems1764000003900 implements MigrationInterface {
  name = 'DefaultGradeItems1764000003900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cohort_grades ADD COLUMN is_default boolean NOT NULL DEFAULT false`);

    await q.query(`
      CREATE FUNCTION share_default_grade_weights(cohort_ids bigint[]) RETURNS void LANGUAGE sql AS $$
        WITH d AS (
          SELECT g.id, row_number() OVER (PARTITION BY g.cohort_id ORDER BY g.id) AS rn,
                 count(*) OVER (PARTITION BY g.cohort_id) AS n,
                 greatest(0, 100 - coalesce((SELECT sum(a.grade_percentage) FROM cohort_grades a
                                              WHERE a.cohort_id = g.cohort_id AND NOT a.is_default), 0)) AS pool
            FROM cohort_grades g WHERE g.cohort_id = ANY(cohort_ids) AND g.is_default),
        w AS (SELECT id, rn, n, pool, floor(pool * 100 / n) / 100 AS each FROM d)
        UPDATE cohort_grades g SET grade_percentage = w.each + CASE WHEN w.rn = 1 THEN w.pool - w.each * w.n ELSE 0 END
          FROM w WHERE g.id = w.id AND g.grade_percentage <> w.each + CASE WHEN w.rn = 1 THEN w.pool - w.each * w.n ELSE 0 END
      $$`);

    // The items a set of (cohort, lesson) pairs lacks, with the defaults; then the weights shared again.
    await q.query(`
      CREATE FUNCTION add_default_grade_items(pairs_cohort bigint[], pairs_lesson bigint[]) RETURNS void LANGUAGE plpgsql AS $$
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

    await q.query(`
      CREATE FUNCTION cohort_courses_default_grade_items() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM add_default_grade_items(array_agg(n.cohort_id), array_agg(l.id))
             FROM new_rows n JOIN modules m ON m.course_id = n.course_id JOIN lessons l ON l.module_id = m.id;
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER cohort_courses_default_grade_items AFTER INSERT ON cohort_courses
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cohort_courses_default_grade_items()`);

    // A lesson added, or one whose type or module changed (an untouched lesson is no news).
    await q.query(`
      CREATE FUNCTION lessons_default_grade_items() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP = 'INSERT' THEN
            PERFORM add_default_grade_items(array_agg(cc.cohort_id), array_agg(n.id))
               FROM new_rows n JOIN modules m ON m.id = n.module_id JOIN cohort_courses cc ON cc.course_id = m.course_id
              WHERE n.lesson_type IN ('QUIZ', 'PROJECT');
          ELSE
            PERFORM add_default_grade_items(array_agg(cc.cohort_id), array_agg(n.id))
               FROM new_rows n JOIN old_rows o ON o.id = n.id
               JOIN modules m ON m.id = n.module_id JOIN cohort_courses cc ON cc.course_id = m.course_id
              WHERE n.lesson_type IN ('QUIZ', 'PROJECT')
                AND (o.lesson_type IS DISTINCT FROM n.lesson_type OR o.module_id IS DISTINCT FROM n.module_id);
          END IF;
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER lessons_default_grade_items_insert AFTER INSERT ON lessons
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lessons_default_grade_items()`);
    await q.query(`CREATE TRIGGER lessons_default_grade_items_update AFTER UPDATE ON lessons
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lessons_default_grade_items()`);

    // An item removed (its lesson deleted, its course unlinked): the default items share its weight.
    await q.query(`
      CREATE FUNCTION cohort_grades_reshare_weights() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM share_default_grade_weights(ARRAY(SELECT DISTINCT cohort_id FROM old_rows));
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER cohort_grades_reshare_weights AFTER DELETE ON cohort_grades
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cohort_grades_reshare_weights()`);

    // The cohort's dates moved: items nobody adjusted move with them.
    await q.query(`
      CREATE FUNCTION cohorts_move_default_grade_items() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE cohort_grades SET open_datetime = NEW.start_date, deadline_datetime = NEW.end_date, result_open_datetime = NEW.end_date
           WHERE cohort_id = NEW.id AND is_default;
          RETURN NULL;
        END $$`);
    await q.query(`CREATE TRIGGER cohorts_move_default_grade_items AFTER UPDATE OF start_date, end_date ON cohorts
      FOR EACH ROW WHEN (OLD.start_date IS DISTINCT FROM NEW.start_date OR OLD.end_date IS DISTINCT FROM NEW.end_date)
      EXECUTE FUNCTION cohorts_move_default_grade_items()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS cohorts_move_default_grade_items ON cohorts`);
    await q.query(`DROP TRIGGER IF EXISTS cohort_grades_reshare_weights ON cohort_grades`);
    await q.query(`DROP TRIGGER IF EXISTS lessons_default_grade_items_update ON lessons`);
    await q.query(`DROP TRIGGER IF EXISTS lessons_default_grade_items_insert ON lessons`);
    await q.query(`DROP TRIGGER IF EXISTS cohort_courses_default_grade_items ON cohort_courses`);
    await q.query(`DROP FUNCTION IF EXISTS cohorts_move_default_grade_items()`);
    await q.query(`DROP FUNCTION IF EXISTS cohort_grades_reshare_weights()`);
    await q.query(`DROP FUNCTION IF EXISTS lessons_default_grade_items()`);
    await q.query(`DROP FUNCTION IF EXISTS cohort_courses_default_grade_items()`);
    await q.query(`DROP FUNCTION IF EXISTS add_default_grade_items(bigint[], bigint[])`);
    await q.query(`DROP FUNCTION IF EXISTS share_default_grade_weights(bigint[])`);
    await q.query(`ALTER TABLE cohort_grades DROP COLUMN is_default`);
  }
}
