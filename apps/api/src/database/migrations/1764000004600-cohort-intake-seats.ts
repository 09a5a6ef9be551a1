import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Seats per cohort per intake: the admins set how many applicants of one intake a cohort takes
 * and which course track (the application form's `course`) it teaches. Offers name such a cohort
 * of the applicant's track, and an offer beyond the free seats is refused (the seats row is
 * locked while offers are counted, so two offers at once cannot overfill it).
 *
 * The index on (intake, course, status) serves the waiting list of one track and the pipeline
 * filtered by intake and course.
 */
export class CohortIntakeSeats1764000004600 implements MigrationInterface {
  name = 'CohortIntakeSeats1764000004600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admission_cohort_seats (
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        intake text NOT NULL,
        track text NOT NULL,
        seats integer NOT NULL CHECK (seats >= 0),
        updated_by bigint REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (cohort_id, intake)
      )`);
    await q.query(`CREATE INDEX admission_cohort_seats_intake_track_idx ON admission_cohort_seats (intake, track)`);
    await q.query(
      `CREATE INDEX programme_applications_intake_course_status_idx ON programme_applications (intake, course, status, created_date DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX programme_applications_intake_course_status_idx`);
    await q.query(`DROP TABLE admission_cohort_seats`);
  }
}
