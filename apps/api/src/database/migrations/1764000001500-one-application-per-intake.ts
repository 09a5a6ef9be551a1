import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One programme application per email and intake. Each application records its intake (the
 * initiative's frontend_slug; every application so far was for the 2025 youth programme), and a
 * unique index on (intake, lower(email)) makes a second one fail even when two arrive at once.
 * Repeats already stored are removed, keeping each applicant's first application, which is the one
 * the rule lets stand from now on.
 */
export class OneApplicationPerIntake1764000001500 implements MigrationInterface {
  name = 'OneApplicationPerIntake1764000001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE programme_applications ADD COLUMN intake text`);
    await q.query(`UPDATE programme_applications SET intake = 'youth-programme-2025'`);
    await q.query(`ALTER TABLE programme_applications ALTER COLUMN intake SET NOT NULL`);
    await q.query(`
      DELETE FROM programme_applications a
       WHERE EXISTS (SELECT 1 FROM programme_applications b
                      WHERE b.intake = a.intake AND lower(b.email) = lower(a.email)
                        AND (b.created_date, b.id) < (a.created_date, a.id))`);
    await q.query(`CREATE UNIQUE INDEX programme_applications_intake_email_key ON programme_applications (intake, lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX programme_applications_intake_email_key`);
    await q.query(`ALTER TABLE programme_applications DROP COLUMN intake`);
  }
}
