import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issuing certificates. Each certificate linked to a cohort carries its completion rules: the
 * share of the cohort's lessons completed (100: all), whether every mandatory grade item must be
 * graded (and released), and the minimum weighted total. An issued certificate has a credential:
 * a random, unguessable id printed on the document and looked up by the public verification page.
 * Every credential ever issued is kept in certificate_credentials, so one revoked and then
 * reissued still verifies as revoked; user_certificates.credential_id is the current one (kept
 * there by triggers, with no foreign key back, so the two tables load in one order) and
 * progress REVOKED marks a certificate whose current credential was revoked (the job never
 * issues it again by itself).
 */
export class CertificateIssuing1764000002600 implements MigrationInterface {
  name = 'CertificateIssuing1764000002600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE cohort_certificates
        ADD COLUMN min_lessons_percent numeric(5, 2) NOT NULL DEFAULT 100 CHECK (min_lessons_percent BETWEEN 0 AND 100),
        ADD COLUMN require_mandatory_graded boolean NOT NULL DEFAULT true,
        ADD COLUMN min_weighted_total numeric(5, 2) NOT NULL DEFAULT 50 CHECK (min_weighted_total BETWEEN 0 AND 100)`);
    await q.query(`ALTER TABLE user_certificates DROP CONSTRAINT IF EXISTS user_certificates_progress_check`);
    await q.query(`
      ALTER TABLE user_certificates
        ADD CONSTRAINT user_certificates_progress_check CHECK (progress IN ('IN_PROGRESS', 'COMPLETED', 'REVOKED')),
        ADD COLUMN credential_id text UNIQUE`);
    // Each credential's bit in the revocation status list (W3C Bitstring Status List), from 0.
    await q.query(`CREATE SEQUENCE credential_status_index_seq AS integer MINVALUE 0 START 0`);
    await q.query(`
      CREATE TABLE certificate_credentials (
        credential_id text PRIMARY KEY DEFAULT replace(gen_random_uuid()::text, '-', ''),
        status_index integer NOT NULL UNIQUE DEFAULT nextval('credential_status_index_seq'),
        user_certificate_id bigint NOT NULL REFERENCES user_certificates (id) ON DELETE CASCADE,
        issued_at timestamptz NOT NULL DEFAULT now(),
        issued_by bigint REFERENCES users (id) ON DELETE SET NULL,
        issue_reason text,
        revoked_at timestamptz,
        revoked_by bigint REFERENCES users (id) ON DELETE SET NULL,
        revoke_reason text,
        CHECK ((revoked_at IS NULL) = (revoke_reason IS NULL))
      )`);
    await q.query(`ALTER SEQUENCE credential_status_index_seq OWNED BY certificate_credentials.status_index`);
    // The school's Ed25519 key signing its Open Badges (VC-JWT): one, made on first use.
    await q.query(`
      CREATE TABLE credential_signing_key (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        kid text NOT NULL,
        public_jwk jsonb NOT NULL,
        private_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX certificate_credentials_user_certificate_idx ON certificate_credentials (user_certificate_id)`);
    // Where each student stands against each certificate rule, for one cohort (or all: NULL) and
    // one student (or all: NULL), in one set-based statement. Lessons: those the cohort teaches
    // now; a grade counts once graded and released; ungraded items count 0 in the weighted total;
    // a cohort without weighted items passes the total rule. Suspended students are left out.
    await q.query(`
      CREATE FUNCTION certificate_progress(p_cohort_id bigint, p_user_id bigint)
        RETURNS TABLE (cohort_id bigint, certificate_id bigint, user_id bigint, lessons_percent numeric,
                       missing_mandatory bigint, weighted_total numeric, min_lessons_percent numeric,
                       require_mandatory_graded boolean, min_weighted_total numeric, met boolean)
        LANGUAGE sql STABLE AS $$
        WITH students AS (
          SELECT e.cohort_id, e.user_id FROM enrolments e
           WHERE (p_cohort_id IS NULL OR e.cohort_id = p_cohort_id) AND (p_user_id IS NULL OR e.user_id = p_user_id)
             AND e.enrolment_status IN ('ACTIVE', 'COMPLETED')
             AND EXISTS (SELECT 1 FROM cohort_certificates kc WHERE kc.cohort_id = e.cohort_id)),
        lessons AS (
          SELECT cc.cohort_id, l.id AS lesson_id FROM cohort_courses cc
            JOIN modules m ON m.course_id = cc.course_id JOIN lessons l ON l.module_id = m.id
           WHERE cc.cohort_id IN (SELECT DISTINCT s.cohort_id FROM students s)),
        lesson_counts AS (
          SELECT s.cohort_id, s.user_id,
                 (SELECT count(*) FROM lessons x WHERE x.cohort_id = s.cohort_id) AS total,
                 (SELECT count(*) FROM lessons x JOIN lesson_completions lc
                     ON lc.lesson_id = x.lesson_id AND lc.cohort_id = s.cohort_id AND lc.user_id = s.user_id
                   WHERE x.cohort_id = s.cohort_id) AS done
            FROM students s),
        grades AS (
          SELECT s.cohort_id, s.user_id,
                 count(*) FILTER (WHERE g.is_mandatory AND ug.id IS NULL) AS missing_mandatory,
                 round(sum(g.grade_percentage * coalesce(ug.user_grade, 0)) / nullif(sum(g.grade_percentage), 0), 2) AS weighted_total
            FROM students s
            JOIN cohort_grades g ON g.cohort_id = s.cohort_id
            LEFT JOIN user_grades ug ON ug.cohort_grade_id = g.id AND ug.user_id = s.user_id
                  AND ug.user_submission_status = 'GRADED' AND ug.released_at IS NOT NULL
           GROUP BY s.cohort_id, s.user_id)
        SELECT s.cohort_id, kc.certificate_id, s.user_id,
               completion_percentage(lc.done, lc.total), coalesce(gr.missing_mandatory, 0), gr.weighted_total,
               kc.min_lessons_percent, kc.require_mandatory_graded, kc.min_weighted_total,
               completion_percentage(lc.done, lc.total) >= kc.min_lessons_percent
                 AND (NOT kc.require_mandatory_graded OR coalesce(gr.missing_mandatory, 0) = 0)
                 AND (gr.weighted_total IS NULL OR gr.weighted_total >= kc.min_weighted_total)
          FROM students s
          JOIN cohort_certificates kc ON kc.cohort_id = s.cohort_id
          JOIN lesson_counts lc ON lc.cohort_id = s.cohort_id AND lc.user_id = s.user_id
          LEFT JOIN grades gr ON gr.cohort_id = s.cohort_id AND gr.user_id = s.user_id
      $$`);
    // A certificate completed by any writer gets its credential: one is drawn when none is given,
    // and each new current credential is recorded (unless the writer recorded it, with who and why).
    await q.query(`
      CREATE FUNCTION user_certificates_draw_credential() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.progress = 'COMPLETED' AND NEW.credential_id IS NULL THEN
          NEW.credential_id := replace(gen_random_uuid()::text, '-', '');
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER user_certificates_draw_credential BEFORE INSERT OR UPDATE OF progress, credential_id ON user_certificates
      FOR EACH ROW EXECUTE FUNCTION user_certificates_draw_credential()`);
    await q.query(`
      CREATE FUNCTION user_certificates_record_credential() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO certificate_credentials (credential_id, user_certificate_id, issued_at)
        VALUES (NEW.credential_id, NEW.id, coalesce(NEW.completion_date, now()))
        ON CONFLICT (credential_id) DO NOTHING;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER user_certificates_record_new_credential AFTER INSERT ON user_certificates
      FOR EACH ROW WHEN (NEW.credential_id IS NOT NULL) EXECUTE FUNCTION user_certificates_record_credential()`);
    await q.query(`
      CREATE TRIGGER user_certificates_record_changed_credential AFTER UPDATE ON user_certificates
      FOR EACH ROW WHEN (NEW.credential_id IS NOT NULL AND NEW.credential_id IS DISTINCT FROM OLD.credential_id)
      EXECUTE FUNCTION user_certificates_record_credential()`);
    // Certificates completed before this migration get their credential now, and a new document that prints it.
    await q.query(`UPDATE user_certificates SET document_id_slug = NULL, progress = progress WHERE progress = 'COMPLETED'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION certificate_progress(bigint, bigint)`);
    await q.query(`DROP TRIGGER user_certificates_record_changed_credential ON user_certificates`);
    await q.query(`DROP TRIGGER user_certificates_record_new_credential ON user_certificates`);
    await q.query(`DROP TRIGGER user_certificates_draw_credential ON user_certificates`);
    await q.query(`DROP FUNCTION user_certificates_record_credential()`);
    await q.query(`DROP FUNCTION user_certificates_draw_credential()`);
    await q.query(`DROP TABLE credential_signing_key`);
    await q.query(`DROP TABLE certificate_credentials`);
    await q.query(`UPDATE user_certificates SET progress = 'IN_PROGRESS' WHERE progress = 'REVOKED'`);
    await q.query(`ALTER TABLE user_certificates DROP CONSTRAINT user_certificates_progress_check, DROP COLUMN credential_id`);
    await q.query(
      `ALTER TABLE user_certificates ADD CONSTRAINT user_certificates_progress_check CHECK (progress IN ('IN_PROGRESS', 'COMPLETED'))`,
    );
    await q.query(
      `ALTER TABLE cohort_certificates DROP COLUMN min_lessons_percent, DROP COLUMN require_mandatory_graded, DROP COLUMN min_weighted_total`,
    );
  }
}
