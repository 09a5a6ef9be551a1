import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Live sessions of a cohort: online (a meeting link) or on site (a place), with their facilitators
 * (staff teaching the cohort). `starts_at` is the session's one absolute date: the programme timeline
 * anchors it by writing this column. A cancelled session is kept, marked by `cancelled_at`.
 */
export class LiveSessions1764000005600 implements MigrationInterface {
  name = 'LiveSessions1764000005600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE live_sessions (
        id bigserial PRIMARY KEY,
        id_slug text NOT NULL UNIQUE DEFAULT new_id_slug(),
        cohort_id bigint NOT NULL REFERENCES cohorts (id) ON DELETE CASCADE,
        title text NOT NULL,
        starts_at timestamptz NOT NULL,
        duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 5 AND 720),
        mode text NOT NULL CHECK (mode IN ('ONLINE', 'ON_SITE')),
        meeting_url text,
        place text,
        mandatory boolean NOT NULL DEFAULT true,
        cancelled_at timestamptz,
        created_by bigint REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((mode = 'ONLINE' AND meeting_url IS NOT NULL) OR (mode = 'ON_SITE' AND place IS NOT NULL))
      )`);
    // A cohort's sessions by start (the console's list, the class page).
    await q.query(`CREATE INDEX live_sessions_cohort_start_idx ON live_sessions (cohort_id, starts_at)`);
    await q.query(`
      CREATE TABLE live_session_facilitators (
        session_id bigint NOT NULL REFERENCES live_sessions (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (session_id, user_id)
      )`);
    await q.query(`CREATE INDEX live_session_facilitators_user_idx ON live_session_facilitators (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE live_session_facilitators`);
    await q.query(`DROP TABLE live_sessions`);
  }
}
