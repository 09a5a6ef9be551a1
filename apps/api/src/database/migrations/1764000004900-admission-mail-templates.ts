import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An intake's admissions mail: templates per kind of message and language, versioned (each save is
 * a new row with who and when; the newest is mailed, none: the product's own message), and the
 * address applicants' replies go to (Reply-To of every admissions mail of the intake).
 */
export class AdmissionMailTemplates1764000004900 implements MigrationInterface {
  name = 'AdmissionMailTemplates1764000004900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admission_mail_templates (
        intake text NOT NULL,
        kind text NOT NULL,
        language text NOT NULL DEFAULT 'en',
        version integer NOT NULL CHECK (version >= 1),
        subject text NOT NULL,
        body text NOT NULL,
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (intake, kind, language, version)
      )`);
    await q.query(`
      CREATE TABLE admission_intake_mail (
        intake text PRIMARY KEY,
        reply_to text,
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admission_intake_mail, admission_mail_templates`);
  }
}
