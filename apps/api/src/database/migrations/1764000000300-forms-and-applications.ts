import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Submissions of the public contact and course-interest forms, and programme applications.
 * Admins list them newest first and search them by name, email and course (trigram indexes).
 */
export class FormsAndApplications1764000000300 implements MigrationInterface {
  name = 'FormsAndApplications1764000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE form_submissions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        kind text NOT NULL CHECK (kind IN ('contact', 'course-interest')),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        phone text,
        message text,
        course text,
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX form_submissions_created_idx ON form_submissions (created_date DESC, id DESC)`);
    await q.query(`CREATE INDEX form_submissions_kind_created_idx ON form_submissions (kind, created_date DESC, id DESC)`);
    await q.query(`CREATE INDEX form_submissions_search_trgm_idx ON form_submissions
      USING gin ((first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(course, '')) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE programme_applications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        course text NOT NULL,
        email text NOT NULL,
        full_name text NOT NULL,
        age text NOT NULL,
        dob_year text NOT NULL,
        dob_month text NOT NULL,
        dob_date text NOT NULL,
        gender text NOT NULL,
        ethnicity text NOT NULL,
        marital_status text NOT NULL,
        full_address text NOT NULL,
        state text NOT NULL,
        city text NOT NULL,
        postcode text NOT NULL,
        linkedin text NOT NULL,
        phone text NOT NULL,
        secondary_phone text,
        highest_qualification text NOT NULL,
        uni_name text NOT NULL,
        degree_name text NOT NULL,
        country_study text NOT NULL,
        field_study text NOT NULL,
        qualification_type text NOT NULL,
        academic_result text NOT NULL,
        grad_year text NOT NULL,
        english_qualification text NOT NULL,
        english_score text NOT NULL,
        prev_employment text NOT NULL,
        employment_details text,
        prev_leadership text NOT NULL,
        leadership_details text,
        can_participate boolean NOT NULL,
        can_device boolean NOT NULL,
        can_relocate boolean NOT NULL,
        resume_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
        transcript_file_id bigint REFERENCES stored_files (id) ON DELETE SET NULL,
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX programme_applications_created_idx ON programme_applications (created_date DESC, id DESC)`);
    await q.query(`CREATE INDEX programme_applications_course_created_idx ON programme_applications (course, created_date DESC, id DESC)`);
    await q.query(`CREATE INDEX programme_applications_full_name_idx ON programme_applications (full_name, id)`);
    await q.query(`CREATE INDEX programme_applications_search_trgm_idx ON programme_applications
      USING gin ((full_name || ' ' || email || ' ' || phone) gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS programme_applications`);
    await q.query(`DROP TABLE IF EXISTS form_submissions`);
  }
}
