import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Conflict-of-interest declarations, per assignment of a staff member to an application (`assignment`
 * names its kind: a review now, an interview panel later). A declaration made after the assignment
 * began opens it (no conflict); a conflict ends the assignment, and its row stays as the record the
 * admins read on the application.
 */
export class AssignmentDeclarations1764000004910 implements MigrationInterface {
  name = 'AssignmentDeclarations1764000004910';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE assignment_declarations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        assignment text NOT NULL,
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        staff_id bigint REFERENCES users (id) ON DELETE SET NULL,
        conflict boolean NOT NULL,
        note text NOT NULL DEFAULT '',
        declared_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX assignment_declarations_application_idx ON assignment_declarations (application_id, staff_id, assignment, declared_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE assignment_declarations`);
  }
}
