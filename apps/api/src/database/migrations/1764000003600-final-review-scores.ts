import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A reviewer's submitted score is final: only an admin's reopening (who, when, why) lets them
 * score again, and the reopening and the change (old and new score) stay in
 * `application_score_events`, which nobody edits. `reopened_at` marks a score its reviewer may
 * now replace; replacing it clears the mark.
 */
export class FinalReviewScores1764000003600 implements MigrationInterface {
  name = 'FinalReviewScores1764000003600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE application_scores ADD COLUMN reopened_at timestamptz`);
    await q.query(`
      CREATE TABLE application_score_events (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        application_id bigint NOT NULL REFERENCES programme_applications (id) ON DELETE CASCADE,
        reviewer_id bigint REFERENCES users (id) ON DELETE SET NULL,
        kind text NOT NULL CHECK (kind IN ('REOPENED', 'CHANGED')),
        actor_id bigint REFERENCES users (id) ON DELETE SET NULL,
        reason text NOT NULL DEFAULT '',
        old_scores jsonb NOT NULL,
        old_weighted numeric(6, 4) NOT NULL,
        new_scores jsonb,
        new_weighted numeric(6, 4),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'CHANGED') = (new_weighted IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX application_score_events_application_idx ON application_score_events (application_id, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_score_events`);
    await q.query(`ALTER TABLE application_scores DROP COLUMN reopened_at`);
  }
}
