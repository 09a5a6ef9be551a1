import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows make up a cohort's curriculum (what every student of the cohort sees alike), grade items included. */
const CURRICULUM_TABLES = ['cohort_courses', 'courses', 'modules', 'lessons', 'cohort_grades'] as const;

/**
 * Course ids a set of changed rows touches, per table; `rows` is the transition table. A lesson
 * deleted with its module finds no module any more, but the module's own trigger covers it; a
 * course unlinked or deleted reaches its cohorts through cohort_courses' trigger.
 */
const COHORTS_OF: Record<(typeof CURRICULUM_TABLES)[number], (rows: string) => string> = {
  cohort_courses: (rows) => `SELECT cohort_id FROM ${rows}`,
  cohort_grades: (rows) => `SELECT cohort_id FROM ${rows}`,
  courses: (rows) => `SELECT cc.cohort_id FROM ${rows} r JOIN cohort_courses cc ON cc.course_id = r.id`,
  modules: (rows) => `SELECT cc.cohort_id FROM ${rows} r JOIN cohort_courses cc ON cc.course_id = r.course_id`,
  lessons: (rows) =>
    `SELECT cc.cohort_id FROM ${rows} r JOIN modules m ON m.id = r.module_id JOIN cohort_courses cc ON cc.course_id = m.course_id`,
};

/**
 * A version number on each cohort that changes whenever its curriculum does: its course links,
 * the title, order or content of a linked course, module or lesson, or its grade items. The learner portal caches
 * the curriculum per (cohort, version) in each API process and reads only the version per request,
 * so every writer (admin screens, imports, psql) invalidates the caches of every instance.
 */
export class CurriculumVersion1764000000700 implements MigrationInterface {
  name = 'CurriculumVersion1764000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cohorts ADD COLUMN curriculum_version bigint NOT NULL DEFAULT 1`);
    // Rows locked in id order, so two concurrent edits of shared courses cannot deadlock on the cohorts.
    await q.query(`
      CREATE FUNCTION bump_curriculum_version(cohort_ids bigint[]) RETURNS void LANGUAGE sql AS $$
        WITH locked AS (SELECT id FROM cohorts WHERE id = ANY(cohort_ids) ORDER BY id FOR UPDATE)
        UPDATE cohorts c SET curriculum_version = c.curriculum_version + 1 FROM locked WHERE c.id = locked.id
      $$`);
    for (const table of CURRICULUM_TABLES) {
      // Statement-level, over the transition tables: a bulk insert bumps each cohort once.
      await q.query(`
        CREATE FUNCTION ${table}_bump_curriculum_version() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            PERFORM bump_curriculum_version(ARRAY(${COHORTS_OF[table]('new_rows')}));
          END IF;
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            PERFORM bump_curriculum_version(ARRAY(${COHORTS_OF[table]('old_rows')}));
          END IF;
          RETURN NULL;
        END $$`);
      // A trigger with transition tables serves one event only.
      await q.query(`CREATE TRIGGER ${table}_curriculum_insert AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_curriculum_version()`);
      await q.query(`CREATE TRIGGER ${table}_curriculum_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_curriculum_version()`);
      await q.query(`CREATE TRIGGER ${table}_curriculum_delete AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_bump_curriculum_version()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of CURRICULUM_TABLES) {
      for (const event of ['insert', 'update', 'delete']) await q.query(`DROP TRIGGER IF EXISTS ${table}_curriculum_${event} ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS ${table}_bump_curriculum_version()`);
    }
    await q.query(`DROP FUNCTION IF EXISTS bump_curriculum_version(bigint[])`);
    await q.query(`ALTER TABLE cohorts DROP COLUMN IF EXISTS curriculum_version`);
  }
}
