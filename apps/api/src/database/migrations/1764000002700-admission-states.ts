import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every state an application can be in, in pipeline order, then the ends off the main path. */
const STATES = [
  'SUBMITTED',
  'SCREENED',
  'IN_REVIEW',
  'SHORTLISTED',
  'OFFERED',
  'ACCEPTED',
  'ENROLLED',
  'REJECTED',
  'WAITLISTED',
  'DECLINED',
  'WITHDRAWN',
  'OFFER_EXPIRED',
];

/**
 * Admissions: each programme application has a state and a history of transitions (who moved it,
 * when, why), the timeline staff and the applicant see and the source of the managers' funnel.
 * Screening keeps the rule flags computed on submission (eligibility, never acted on by itself)
 * and an admin's confirmation (eligible true/false). decided_at is the first decision (offer,
 * waitlist or reject), for the time-to-decision figures. The 'I am a Malaysian citizen'
 * declaration is null for applications sent before the form asked it.
 * Applications already stored start SUBMITTED, with one transition at their submission time.
 */
export class AdmissionStates1764000002700 implements MigrationInterface {
  name = 'AdmissionStates1764000002700';

  async up(q: QueryRunner): Promise<void> {
    const states = STATES.map((s) => `'${s}'`).join(', ');
    await q.query(`
      ALTER TABLE programme_applications
        ADD COLUMN status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN (${states})),
        ADD COLUMN is_citizen boolean,
        ADD COLUMN eligibility jsonb,
        ADD COLUMN eligible boolean,
        ADD COLUMN decided_at timestamptz,
        ADD COLUMN status_changed_at timestamptz NOT NULL DEFAULT now()`);
    await q.query(`UPDATE programme_applications SET status_changed_at = created_date`);
    await q.query(`
      CREATE TABLE application_transitions (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        from_status text CHECK (from_status IN (${states})),
        to_status text NOT NULL CHECK (to_status IN (${states})),
        actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
        reason text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO application_transitions (application_id, from_status, to_status, created_at)
      SELECT id, NULL, 'SUBMITTED', created_date FROM programme_applications`);
    // The timeline of one application; the funnel over time (per state, per week).
    await q.query(`CREATE INDEX application_transitions_application_idx ON application_transitions (application_id, created_at, id)`);
    await q.query(`CREATE INDEX application_transitions_to_status_idx ON application_transitions (to_status, created_at)`);
    // The admin list filtered by state (newest first), and the state counts of an intake.
    await q.query(`CREATE INDEX programme_applications_status_created_idx ON programme_applications (status, created_date DESC, id DESC)`);
    await q.query(`CREATE INDEX programme_applications_intake_status_idx ON programme_applications (intake, status)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_transitions`);
    await q.query(`DROP INDEX programme_applications_status_created_idx`);
    await q.query(`DROP INDEX programme_applications_intake_status_idx`);
    await q.query(`
      ALTER TABLE programme_applications
        DROP COLUMN status, DROP COLUMN is_citizen, DROP COLUMN eligibility, DROP COLUMN eligible,
        DROP COLUMN decided_at, DROP COLUMN status_changed_at`);
  }
}
