import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The programme timeline. A cohort keeps its phases (titles and lengths in days) and the state
 * whose public holidays school days skip; `timeline_rules` holds the rule of each dated thing that
 * counts from an anchor (`item_key`: `grade:<lesson>:deadline`, `session:<session>`), the dates
 * themselves staying where every reader already finds them (cohort_grades, live_sessions), written
 * by the timeline service whenever a rule or an anchor moves. A fixed date has no rule.
 *
 * `timeline_shifts`: one trainee's longer phase; their items' dates after it become extensions
 * marked `from_shift` (rewritten with each recompute; extensions given by hand are left alone).
 * `lessons.date_template`: a course's quiz or project dates as offsets, copied into each cohort
 * that links the course. `school_closures`: the school's own closed days, for every cohort.
 */
export class Timeline1764000005960 implements MigrationInterface {
  name = 'Timeline1764000005960';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cohorts
        ADD COLUMN phases jsonb NOT NULL DEFAULT '[{"key":"ONLINE","title":"Online","length_days":119},{"key":"OJT","title":"OJT","length_days":112},{"key":"CAREER","title":"Career support","length_days":60}]',
        ADD COLUMN holiday_state text CHECK (holiday_state ~ '^(0[1-9]|1[0-6])$')`);
    await q.query(`
      CREATE TABLE timeline_rules (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        item_key text NOT NULL,
        rule jsonb NOT NULL,
        PRIMARY KEY (cohort_id, item_key)
      )`);
    await q.query(`
      CREATE TABLE timeline_shifts (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        phase text NOT NULL CHECK (phase IN ('ONLINE', 'OJT', 'CAREER')),
        days integer NOT NULL CHECK (days BETWEEN 1 AND 365),
        reason text NOT NULL DEFAULT '',
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, user_id, phase)
      )`);
    await q.query(`ALTER TABLE grade_extensions ADD COLUMN from_shift boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE lessons ADD COLUMN date_template jsonb`);
    await q.query(`
      CREATE TABLE school_closures (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        starts_on date NOT NULL,
        ends_on date NOT NULL CHECK (ends_on >= starts_on),
        title text NOT NULL,
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX school_closures_starts_idx ON school_closures (starts_on)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE school_closures`);
    await q.query(`ALTER TABLE lessons DROP COLUMN date_template`);
    await q.query(`ALTER TABLE grade_extensions DROP COLUMN from_shift`);
    await q.query(`DROP TABLE timeline_shifts`);
    await q.query(`DROP TABLE timeline_rules`);
    await q.query(`ALTER TABLE cohorts DROP COLUMN holiday_state, DROP COLUMN phases`);
  }
}
