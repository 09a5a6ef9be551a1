import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The weekly logbook of a placement. `logbook_weeks`: one per OJT week the trainee has written in,
 * with its state (DRAFT, SUBMITTED, APPROVED, RETURNED); `logbook_days`: each day's hours, tasks,
 * the job role practised and text evidence. `logbook_week_events`: who submitted, signed or returned
 * a week, when and why: append-only (a trigger refuses any change), the week's state following the
 * latest of them.
 */
export class Logbooks1764000006310 implements MigrationInterface {
  name = 'Logbooks1764000006310';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE logbook_weeks (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        placement_id bigint NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
        week_number integer NOT NULL CHECK (week_number BETWEEN 1 AND 60),
        status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'SUBMITTED', 'APPROVED', 'RETURNED')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (placement_id, week_number)
      )`);
    await q.query(`
      CREATE TABLE logbook_days (
        week_id bigint NOT NULL REFERENCES logbook_weeks (id) ON DELETE CASCADE,
        day date NOT NULL,
        hours numeric(4, 2) NOT NULL CHECK (hours >= 0 AND hours <= 24),
        tasks text NOT NULL DEFAULT '',
        job_role text NOT NULL DEFAULT '',
        evidence text NOT NULL DEFAULT '',
        PRIMARY KEY (week_id, day)
      )`);
    await q.query(`
      CREATE TABLE logbook_week_events (
        id bigserial PRIMARY KEY,
        week_id bigint NOT NULL REFERENCES logbook_weeks (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('SUBMITTED', 'APPROVED', 'RETURNED')),
        by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        by_name text NOT NULL,
        comment text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX logbook_week_events_week_idx ON logbook_week_events (week_id, created_at, id)`);
    // Sign-offs are facts: never edited. Deleting the placement (or its cohort) still takes them along.
    await q.query(`
      CREATE FUNCTION logbook_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'logbook_week_events are append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER logbook_week_events_no_update BEFORE UPDATE ON logbook_week_events
      FOR EACH ROW EXECUTE FUNCTION logbook_events_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE logbook_week_events`);
    await q.query(`DROP FUNCTION logbook_events_append_only()`);
    await q.query(`DROP TABLE logbook_days`);
    await q.query(`DROP TABLE logbook_weeks`);
  }
}
