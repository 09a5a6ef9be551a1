import { getInitiative } from '@school/catalogue/data';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { screen } from '../../modules/applications/screening';

/**
 * Screening that checks: each rule's flag comes with the answer that decided it and the warnings
 * (an age picked that the date of birth contradicts) in `screening_notes`; existing applications
 * are screened again by today's rules (age from the date of birth on the intake's first cohort
 * start). Duplicates (the same person under another email) are found through two keys kept by
 * PostgreSQL: the phone's digits without the country or trunk prefix, and the name with the date
 * of birth, each indexed within an intake. The status link is sent again by email (indexed).
 */
export class ScreeningChecks1764000004500 implements MigrationInterface {
  name = 'ScreeningChecks1764000004500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE programme_applications ADD COLUMN screening_notes jsonb`);
    await q.query(
      `ALTER TABLE programme_applications
         ADD COLUMN phone_key text GENERATED ALWAYS AS
           (nullif(regexp_replace(regexp_replace(phone, '\\D', '', 'g'), '^(60|0)', ''), '')) STORED,
         ADD COLUMN person_key text GENERATED ALWAYS AS
           (lower(regexp_replace(btrim(full_name), '\\s+', ' ', 'g')) || '|' || dob_year || '|' || dob_month || '|' || dob_date) STORED`,
    );
    await q.query(`CREATE INDEX programme_applications_phone_key_idx ON programme_applications (intake, phone_key)`);
    await q.query(`CREATE INDEX programme_applications_person_key_idx ON programme_applications (intake, person_key)`);
    // The applicant asks for their status link again by email, whatever the intake.
    await q.query(`CREATE INDEX programme_applications_email_idx ON programme_applications (lower(email))`);
    const stored: Record<string, string>[] = await q.query(
      `SELECT id::text, intake, created_date, age, dob_year AS "dobYear", dob_month AS "dobMonth", dob_date AS "dobDate",
              highest_qualification, grad_year, prev_employment, employment_details,
              can_participate::text AS can_participate, COALESCE(is_citizen, false)::text AS is_citizen
         FROM programme_applications`,
    );
    if (!stored.length) return;
    const results = stored.map((a) => {
      const reference = getInitiative(a.intake)?.first_cohort_start ?? new Date(a.created_date).toISOString().slice(0, 10);
      return screen(a as never, reference, new Date(a.created_date));
    });
    await q.query(
      `UPDATE programme_applications a SET eligibility = s.flags, screening_notes = s.notes
         FROM unnest($1::bigint[], $2::jsonb[], $3::jsonb[]) AS s(id, flags, notes) WHERE a.id = s.id`,
      [
        stored.map((a) => a.id),
        results.map((r) => JSON.stringify(r.flags)),
        results.map((r) => JSON.stringify({ basis: r.basis, warnings: r.warnings })),
      ],
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX programme_applications_email_idx`);
    await q.query(`ALTER TABLE programme_applications DROP COLUMN screening_notes, DROP COLUMN phone_key, DROP COLUMN person_key`);
  }
}
