import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole school: accounts, courses with ordered modules and lessons, cohorts, enrolments,
 * progress, grades, certificates and the enrolment queue.
 * Internal keys are bigint identities (compact joins); `id_slug` is the opaque public id.
 */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE OR REPLACE FUNCTION new_id_slug() RETURNS text LANGUAGE sql VOLATILE AS
      $$ SELECT replace(gen_random_uuid()::text, '-', '') $$`);

    await q.query(`
      CREATE TABLE users (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL DEFAULT 'STUDENT' CHECK (role IN ('STUDENT', 'INSTRUCTOR', 'ADMIN')),
        password_hash text NOT NULL,
        is_suspended boolean NOT NULL DEFAULT false,
        created_date timestamptz NOT NULL DEFAULT now(),
        modified_date timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    await q.query(`CREATE INDEX users_role_created_idx ON users (role, created_date DESC)`);
    await q.query(`CREATE INDEX users_role_first_name_idx ON users (role, first_name)`);
    await q.query(`CREATE INDEX users_search_trgm_idx ON users
      USING gin ((first_name || ' ' || last_name || ' ' || email) gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE refresh_tokens (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);

    await q.query(`
      CREATE TABLE courses (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        description text NOT NULL DEFAULT '',
        created_date timestamptz NOT NULL DEFAULT now(),
        modified_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX courses_title_idx ON courses (title)`);
    await q.query(`CREATE INDEX courses_created_idx ON courses (created_date)`);
    await q.query(`CREATE INDEX courses_title_trgm_idx ON courses USING gin (title gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE modules (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        course_id bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        "order" integer NOT NULL DEFAULT 0,
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX modules_course_order_idx ON modules (course_id, "order")`);

    await q.query(`
      CREATE TABLE lessons (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        module_id bigint NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        description text NOT NULL DEFAULT '',
        "order" integer NOT NULL DEFAULT 0,
        lesson_type text NOT NULL CHECK (lesson_type IN ('VIDEO', 'READING', 'QUIZ', 'PROJECT')),
        video_lecture_id_slug text,
        reading_pdf_id_slugs text[] NOT NULL DEFAULT '{}',
        link_urls text[] NOT NULL DEFAULT '{}',
        quiz_group jsonb,
        project_group jsonb,
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX lessons_module_order_idx ON lessons (module_id, "order")`);

    await q.query(`
      CREATE TABLE cohorts (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        start_date timestamptz NOT NULL,
        end_date timestamptz NOT NULL,
        end_access_date timestamptz NOT NULL,
        result_open_date timestamptz,
        created_date timestamptz NOT NULL DEFAULT now(),
        modified_date timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT cohorts_dates_ordered CHECK (end_date > start_date AND end_access_date >= end_date)
      )`);
    await q.query(`CREATE INDEX cohorts_title_idx ON cohorts (title)`);
    await q.query(`CREATE INDEX cohorts_created_idx ON cohorts (created_date)`);
    await q.query(`CREATE INDEX cohorts_end_date_idx ON cohorts (end_date)`);
    await q.query(`CREATE INDEX cohorts_title_trgm_idx ON cohorts USING gin (title gin_trgm_ops)`);

    await q.query(`
      CREATE TABLE cohort_courses (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        course_id bigint NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        "order" integer NOT NULL DEFAULT 0,
        PRIMARY KEY (cohort_id, course_id)
      )`);
    await q.query(`CREATE INDEX cohort_courses_course_idx ON cohort_courses (course_id)`);

    // Staff (instructors) linked to the cohorts they teach.
    await q.query(`
      CREATE TABLE cohort_instructors (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (cohort_id, user_id)
      )`);
    await q.query(`CREATE INDEX cohort_instructors_user_idx ON cohort_instructors (user_id)`);

    await q.query(`
      CREATE TABLE enrolments (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        enrolment_status text NOT NULL DEFAULT 'ACTIVE' CHECK (enrolment_status IN ('ACTIVE', 'SUSPENDED', 'COMPLETED')),
        latest_access_datetime timestamptz,
        created_date timestamptz NOT NULL DEFAULT now(),
        modified_date timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_id, user_id)
      )`);
    await q.query(`CREATE INDEX enrolments_user_idx ON enrolments (user_id, cohort_id)`);

    await q.query(`
      CREATE TABLE lesson_completions (
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        lesson_id bigint NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
        completed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, cohort_id, lesson_id)
      )`);
    await q.query(`CREATE INDEX lesson_completions_cohort_lesson_idx ON lesson_completions (cohort_id, lesson_id)`);
    await q.query(`CREATE INDEX lesson_completions_latest_idx ON lesson_completions (user_id, cohort_id, completed_at DESC)`);

    await q.query(`
      CREATE TABLE cohort_grades (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        lesson_id bigint NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
        deadline_datetime timestamptz,
        is_mandatory boolean NOT NULL DEFAULT true,
        grade_percentage numeric(5, 2) NOT NULL DEFAULT 0 CHECK (grade_percentage BETWEEN 0 AND 100),
        result_open_datetime timestamptz,
        submission_status text NOT NULL DEFAULT 'NOT_OPEN' CHECK (submission_status IN ('NOT_OPEN', 'OPEN', 'locked')),
        UNIQUE (cohort_id, lesson_id)
      )`);

    await q.query(`
      CREATE TABLE user_grades (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_grade_id bigint NOT NULL REFERENCES cohort_grades (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        user_grade numeric(5, 2) CHECK (user_grade BETWEEN 0 AND 100),
        user_submission_status text NOT NULL DEFAULT 'PENDING' CHECK (user_submission_status IN ('PENDING', 'SUBMITTED', 'GRADED')),
        modified_date timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_grade_id, user_id)
      )`);
    await q.query(`CREATE INDEX user_grades_user_idx ON user_grades (user_id)`);

    await q.query(`
      CREATE TABLE certificates (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        title text NOT NULL CHECK (length(btrim(title)) > 0),
        provider text[] NOT NULL DEFAULT '{}',
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX certificates_title_trgm_idx ON certificates USING gin (title gin_trgm_ops)`);
    await q.query(`CREATE INDEX certificates_created_idx ON certificates (created_date)`);

    await q.query(`
      CREATE TABLE cohort_certificates (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        certificate_id bigint NOT NULL REFERENCES certificates (id) ON DELETE CASCADE,
        created_date timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, certificate_id)
      )`);
    await q.query(`CREATE INDEX cohort_certificates_certificate_idx ON cohort_certificates (certificate_id)`);

    await q.query(`
      CREATE TABLE user_certificates (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        certificate_id bigint NOT NULL REFERENCES certificates (id) ON DELETE CASCADE,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        progress text NOT NULL DEFAULT 'IN_PROGRESS' CHECK (progress IN ('IN_PROGRESS', 'COMPLETED')),
        completion_date timestamptz,
        UNIQUE (certificate_id, cohort_id, user_id)
      )`);
    await q.query(`CREATE INDEX user_certificates_user_idx ON user_certificates (user_id, cohort_id)`);

    // People added to a cohort before they have an account; enrolled when they register.
    await q.query(`
      CREATE TABLE cohort_queue (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        created_date timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cohort_id, email)
      )`);
    await q.query(`CREATE INDEX cohort_queue_email_idx ON cohort_queue (email)`);

    // Files kept outside any served folder under random keys, served through signed URLs.
    await q.query(`
      CREATE TABLE stored_files (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        storage_key text NOT NULL UNIQUE,
        original_name text NOT NULL,
        content_type text NOT NULL,
        size_bytes bigint NOT NULL,
        purpose text NOT NULL,
        uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_date timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'stored_files',
      'cohort_queue',
      'user_certificates',
      'cohort_certificates',
      'certificates',
      'user_grades',
      'cohort_grades',
      'lesson_completions',
      'enrolments',
      'cohort_instructors',
      'cohort_courses',
      'cohorts',
      'lessons',
      'modules',
      'courses',
      'refresh_tokens',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
    await q.query(`DROP FUNCTION IF EXISTS new_id_slug()`);
  }
}
