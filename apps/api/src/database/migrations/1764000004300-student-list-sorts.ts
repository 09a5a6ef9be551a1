import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin Students list sorts A-Z by last name ignoring case, and by email, among students only:
 * indexes for the two sorts that had none (first name and creation date have theirs).
 */
export class StudentListSorts1764000004300 implements MigrationInterface {
  name = 'StudentListSorts1764000004300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX users_role_last_name_lower_idx ON users (role, lower(last_name))`);
    await q.query(`CREATE INDEX users_role_email_idx ON users (role, email)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS users_role_email_idx`);
    await q.query(`DROP INDEX IF EXISTS users_role_last_name_lower_idx`);
  }
}
