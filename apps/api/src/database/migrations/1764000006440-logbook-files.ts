import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Files a trainee attaches to a logbook week as evidence (a signed form, a photo where the site
 * allows one): the stored file and its week. Deleting the week (or its placement) deletes the row;
 * the stored file goes with it through the service, which removes its bytes too.
 */
export class LogbookFiles1764000006440 implements MigrationInterface {
  name = 'LogbookFiles1764000006440';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE logbook_files (
        id bigserial PRIMARY KEY,
        week_id bigint NOT NULL REFERENCES logbook_weeks (id) ON DELETE CASCADE,
        file_id bigint NOT NULL UNIQUE REFERENCES stored_files (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A week's files in the order they were added (the week page, the supervisor's page, the evidence pack).
    await q.query(`CREATE INDEX logbook_files_week_idx ON logbook_files (week_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE logbook_files`);
  }
}
