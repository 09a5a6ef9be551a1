import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rubrics kept for reuse across projects: a school-wide list staff pick from when authoring a
 * project's rubric (a copy is made into the project, so a later template never changes it).
 */
export class RubricTemplates1764000003120 implements MigrationInterface {
  name = 'RubricTemplates1764000003120';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rubric_templates (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
        rubric jsonb NOT NULL,
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX rubric_templates_title_idx ON rubric_templates (lower(title), id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rubric_templates`);
  }
}
