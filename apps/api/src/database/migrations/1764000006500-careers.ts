import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Career support after on-the-job training, per trainee and cohort.
 * `career_conversion_offers`: the host company's conversion offer as a coach or admin recorded it,
 * append-only (a trigger refuses any change or removal): the latest entry stands, the earlier ones
 * stay as its history with who and when.
 * `job_applications`: a trainee's own applications, with `stage` their current stage;
 * `job_application_stages`: every stage an application was put at and when (the first one when it
 * was logged), so interviews are counted by the month they happened in. The trainee may delete
 * an application, and its stages go with it.
 */
export class Careers1764000006500 implements MigrationInterface {
  name = 'Careers1764000006500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE career_conversion_offers (
        id bigserial PRIMARY KEY,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        state text NOT NULL CHECK (state IN ('OFFERED', 'ACCEPTED', 'DECLINED', 'NONE')),
        offered_on date NOT NULL,
        note text NOT NULL DEFAULT '',
        by_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
        by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The standing offer of a trainee is the newest entry: the pipeline and the career page read it by this index.
    await q.query(
      `CREATE INDEX career_conversion_offers_trainee_idx ON career_conversion_offers (cohort_id, user_id, created_at DESC, id DESC)`,
    );
    await q.query(`
      CREATE FUNCTION career_conversion_offers_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'career_conversion_offers is append-only: record a new offer instead'; END $$`);
    await q.query(`
      CREATE TRIGGER career_conversion_offers_no_change BEFORE UPDATE OR DELETE ON career_conversion_offers
      FOR EACH ROW WHEN (pg_trigger_depth() = 0) EXECUTE FUNCTION career_conversion_offers_append_only()`);
    await q.query(`
      CREATE TABLE job_applications (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        employer text NOT NULL,
        role text NOT NULL,
        applied_on date NOT NULL,
        stage text NOT NULL CHECK (stage IN ('APPLIED', 'INTERVIEW', 'OFFER', 'ACCEPTED', 'REJECTED')),
        note text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX job_applications_trainee_idx ON job_applications (cohort_id, user_id, applied_on DESC)`);
    await q.query(`
      CREATE TABLE job_application_stages (
        id bigserial PRIMARY KEY,
        application_id bigint NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
        stage text NOT NULL CHECK (stage IN ('APPLIED', 'INTERVIEW', 'OFFER', 'ACCEPTED', 'REJECTED')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX job_application_stages_application_idx ON job_application_stages (application_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE job_application_stages`);
    await q.query(`DROP TABLE job_applications`);
    await q.query(`DROP TABLE career_conversion_offers`);
    await q.query(`DROP FUNCTION career_conversion_offers_append_only()`);
  }
}
