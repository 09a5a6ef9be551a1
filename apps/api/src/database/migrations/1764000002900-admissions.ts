import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admissions, on top of the states and transitions: the admin's screening reason, reviewers
 * assigned to applications, each intake's rubric (and whether its review is blind, as by default), reviewers' scores, offers (cohort, accept-by,
 * and which waitlisted applicant a freed place went to, so it goes once), the applicant's private
 * link tokens (their sha256 only), and the audit log of every view of an application.
 * Applications stored before screening existed get their flags from their answers (the rules of
 * modules/applications/screening.ts; a declaration the form did not ask stays null).
 * An enrolment in an offer's cohort of the account with an ACCEPTED application's email makes
 * that application ENROLLED with its transition, in the transaction of the enrolment, whoever
 * writes it (the cohort's bulk add, or a registration through the invitation link).
 */
export class Admissions1764000002900 implements MigrationInterface {
  name = 'Admissions1764000002900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE programme_applications ADD COLUMN screening_reason text NOT NULL DEFAULT ''`);
    await q.query(`
      UPDATE programme_applications SET eligibility = jsonb_build_object(
        'age_30_or_below', age ~ '^[0-9]{1,3}$' AND age::int <= 30,
        'diploma_or_degree', highest_qualification IN ('Diploma', 'Degree', 'Master''s & above'),
        'unemployed', NULL,
        'can_participate', can_participate,
        'malaysian_citizen', is_citizen)
       WHERE eligibility IS NULL`);
    await q.query(
      `CREATE INDEX programme_applications_decided_idx ON programme_applications (intake, decided_at) WHERE decided_at IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE application_reviewers (
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        reviewer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        assigned_by bigint REFERENCES users (id) ON DELETE SET NULL,
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (application_id, reviewer_id)
      )`);
    await q.query(`CREATE INDEX application_reviewers_reviewer_idx ON application_reviewers (reviewer_id, assigned_at, application_id)`);
    await q.query(`
      CREATE TABLE admission_rubrics (
        intake text PRIMARY KEY,
        criteria jsonb NOT NULL,
        blind boolean NOT NULL DEFAULT true,
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE application_scores (
        application_id bigint NOT NULL,
        reviewer_id bigint NOT NULL,
        scores jsonb NOT NULL,
        weighted numeric(6, 4) NOT NULL CHECK (weighted BETWEEN 1 AND 5),
        comment text NOT NULL DEFAULT '',
        submitted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (application_id, reviewer_id),
        FOREIGN KEY (application_id, reviewer_id) REFERENCES application_reviewers (application_id, reviewer_id) ON DELETE CASCADE
      )`);
    await q.query(`
      CREATE TABLE application_offers (
        application_id bigint PRIMARY KEY REFERENCES programme_applications (id) ON DELETE CASCADE,
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE RESTRICT,
        accept_by timestamptz NOT NULL,
        offered_at timestamptz NOT NULL DEFAULT now(),
        promoted_application_id bigint REFERENCES programme_applications (id) ON DELETE SET NULL,
        place_released_at timestamptz
      )`);
    await q.query(`CREATE INDEX application_offers_cohort_idx ON application_offers (cohort_id)`);
    await q.query(`CREATE INDEX application_offers_accept_by_idx ON application_offers (accept_by)`);
    await q.query(`
      CREATE TABLE application_tokens (
        token_hash text PRIMARY KEY,
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX application_tokens_application_idx ON application_tokens (application_id)`);
    await q.query(`
      CREATE TABLE application_views (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        viewer_id bigint REFERENCES users (id) ON DELETE SET NULL,
        call text NOT NULL,
        viewed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX application_views_application_idx ON application_views (application_id, viewed_at DESC, id DESC)`);
    await q.query(`
      CREATE FUNCTION admissions_enrolled() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH moved AS (
          UPDATE programme_applications a SET status = 'ENROLLED', status_changed_at = now()
            FROM application_offers o, new_rows n, users u
           WHERE o.application_id = a.id AND a.status = 'ACCEPTED'
             AND o.cohort_id = n.cohort_id AND u.id = n.user_id AND lower(a.email) = u.email
          RETURNING a.id)
        INSERT INTO application_transitions (application_id, from_status, to_status, reason)
        SELECT id, 'ACCEPTED', 'ENROLLED', 'Enrolled in the offered cohort' FROM moved;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER enrolments_admissions AFTER INSERT ON enrolments
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION admissions_enrolled()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER enrolments_admissions ON enrolments`);
    await q.query(`DROP FUNCTION admissions_enrolled()`);
    await q.query(
      `DROP TABLE application_views, application_tokens, application_offers, application_scores, admission_rubrics, application_reviewers`,
    );
    await q.query(`DROP INDEX programme_applications_decided_idx`);
    await q.query(`ALTER TABLE programme_applications DROP COLUMN screening_reason`);
  }
}
