import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Breaks in a placement (illness, the host's shutdown). `placement_breaks`: the break as recorded
 * (dates, reason, who, when); `placement_break_corrections`: a later change of it (a new last day,
 * or withdrawn when `ends_on` is null), the latest one standing. Both append-only: a trigger refuses
 * any change, so what was recorded and every correction stay readable.
 *
 * A trainee's active breaks lengthen their OJT phase through the timeline's own per-trainee shift:
 * `timeline_shifts.days` stays the phase's whole extension (what every reader of the timeline adds),
 * of which `break_days` come from breaks and the rest was given by hand on the Timeline tab.
 */
export class PlacementBreaks1764000006420 implements MigrationInterface {
  name = 'PlacementBreaks1764000006420';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE timeline_shifts ADD COLUMN break_days integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE timeline_shifts ADD CONSTRAINT timeline_shifts_break_days_check CHECK (break_days BETWEEN 0 AND days)`);
    await q.query(`
      CREATE TABLE placement_breaks (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        placement_id bigint NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
        starts_on date NOT NULL,
        ends_on date NOT NULL,
        reason text NOT NULL CHECK (reason IN ('ILLNESS', 'HOST_SHUTDOWN', 'PERSONAL', 'OTHER')),
        note text NOT NULL DEFAULT '',
        by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_on >= starts_on)
      )`);
    await q.query(`CREATE INDEX placement_breaks_placement_idx ON placement_breaks (placement_id, starts_on)`);
    await q.query(`
      CREATE TABLE placement_break_corrections (
        id bigserial PRIMARY KEY,
        break_id bigint NOT NULL REFERENCES placement_breaks (id) ON DELETE CASCADE,
        ends_on date,
        comment text NOT NULL,
        by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX placement_break_corrections_break_idx ON placement_break_corrections (break_id, created_at, id)`);
    await q.query(`
      CREATE FUNCTION placement_breaks_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION '% is append-only: record a correction instead', TG_TABLE_NAME; END $$`);
    for (const table of ['placement_breaks', 'placement_break_corrections'])
      await q.query(`
        CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION placement_breaks_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE placement_break_corrections`);
    await q.query(`DROP TABLE placement_breaks`);
    await q.query(`DROP FUNCTION placement_breaks_append_only()`);
    await q.query(`ALTER TABLE timeline_shifts DROP CONSTRAINT timeline_shifts_break_days_check`);
    await q.query(`ALTER TABLE timeline_shifts DROP COLUMN break_days`);
  }
}
