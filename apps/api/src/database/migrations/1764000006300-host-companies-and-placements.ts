import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On-the-job training. `host_companies`: the companies trainees are placed with, their sites (a
 * placement names one) and contacts kept as JSON arrays, edited whole with the company. A
 * registration number identifies a company (the placements CSV names the host by it).
 *
 * `placements`: one per trainee and cohort. The OJT window is not stored: it is the cohort's OJT
 * phase (the trainee's own longer phase included), read from the timeline, so it follows every
 * change of the timeline. `coach_id` is the staff member following the trainee.
 */
export class HostCompaniesAndPlacements1764000006300 implements MigrationInterface {
  name = 'HostCompaniesAndPlacements1764000006300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE host_companies (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        name text NOT NULL,
        registration_number text NOT NULL,
        sites jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(sites) = 'array'),
        contacts jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(contacts) = 'array'),
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX host_companies_registration_idx ON host_companies (lower(registration_number))`);
    // The console's search (ILIKE over name and registration number) and its default sort.
    await q.query(`CREATE INDEX host_companies_search_idx ON host_companies USING gin ((name || ' ' || registration_number) gin_trgm_ops)`);
    await q.query(`CREATE INDEX host_companies_name_idx ON host_companies (lower(name), id)`);
    await q.query(`
      CREATE TABLE placements (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        host_company_id bigint NOT NULL REFERENCES host_companies (id) ON DELETE RESTRICT,
        site text NOT NULL,
        supervisor_name text NOT NULL,
        supervisor_email text NOT NULL,
        supervisor_phone text NOT NULL,
        weekly_hours_target numeric(4, 1) NOT NULL CHECK (weekly_hours_target > 0 AND weekly_hours_target <= 60),
        coach_id bigint REFERENCES users (id) ON DELETE SET NULL,
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_id, user_id)
      )`);
    await q.query(`CREATE INDEX placements_user_idx ON placements (user_id)`);
    await q.query(`CREATE INDEX placements_host_idx ON placements (host_company_id)`);
    await q.query(`CREATE INDEX placements_coach_idx ON placements (coach_id) WHERE coach_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE placements`);
    await q.query(`DROP TABLE host_companies`);
  }
}
