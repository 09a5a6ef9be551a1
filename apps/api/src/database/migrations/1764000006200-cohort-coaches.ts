import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Coaches: staff members an admin assigns to a cohort to follow its trainees. A coach follows the
 * whole cohort, or only the trainees chosen for them (`coach_trainees`). The choice is a flag of its
 * own rather than "no rows": a coach whose chosen trainees all leave the cohort then follows no one,
 * instead of silently following everyone.
 */
export class CohortCoaches1764000006200 implements MigrationInterface {
  name = 'CohortCoaches1764000006200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cohort_coaches (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        whole_cohort boolean NOT NULL DEFAULT true,
        assigned_by bigint REFERENCES users (id) ON DELETE SET NULL,
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, user_id)
      )`);
    // A coach's home and every reach check start from the coach.
    await q.query(`CREATE INDEX cohort_coaches_user_idx ON cohort_coaches (user_id, cohort_id)`);
    // A trainee leaving the cohort (their enrolment deleted) or the coach's removal drops the pick.
    await q.query(`
      CREATE TABLE coach_trainees (
        cohort_id bigint NOT NULL,
        coach_id bigint NOT NULL,
        user_id bigint NOT NULL,
        PRIMARY KEY (cohort_id, coach_id, user_id),
        FOREIGN KEY (cohort_id, coach_id) REFERENCES cohort_coaches (cohort_id, user_id) ON DELETE CASCADE,
        FOREIGN KEY (cohort_id, user_id) REFERENCES enrolments (cohort_id, user_id) ON DELETE CASCADE
      )`);
    // The coaches of given trainees (coachesOf) and the enrolment foreign key's cascade.
    await q.query(`CREATE INDEX coach_trainees_trainee_idx ON coach_trainees (cohort_id, user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS coach_trainees`);
    await q.query(`DROP TABLE IF EXISTS cohort_coaches`);
  }
}
