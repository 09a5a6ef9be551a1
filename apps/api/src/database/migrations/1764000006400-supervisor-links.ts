import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Host supervisors act without an account, through signed single-purpose links. `supervisor_links`:
 * one link per thing to sign (a logbook week, a review), its token stored only as a sha256 hash,
 * expiring, spent once used, revocable by the school; the two reminder columns record that each
 * reminder went out once. `supervisor_link_views`: every opening of a link, with the client address,
 * so the school can see who looked at a trainee's record.
 */
export class SupervisorLinks1764000006400 implements MigrationInterface {
  name = 'SupervisorLinks1764000006400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE supervisor_links (
        id bigserial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        placement_id bigint NOT NULL REFERENCES placements (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('WEEK', 'REVIEW')),
        subject_id bigint NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        reminded_first_at timestamptz,
        reminded_second_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX supervisor_links_subject_idx ON supervisor_links (purpose, subject_id, created_at DESC)`);
    await q.query(`CREATE INDEX supervisor_links_placement_idx ON supervisor_links (placement_id)`);
    // The reminder job and the coach's queue read only live links.
    await q.query(`CREATE INDEX supervisor_links_live_idx ON supervisor_links (created_at) WHERE used_at IS NULL AND revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE supervisor_link_views (
        id bigserial PRIMARY KEY,
        link_id bigint NOT NULL REFERENCES supervisor_links (id) ON DELETE CASCADE,
        viewed_at timestamptz NOT NULL DEFAULT now(),
        ip text NOT NULL
      )`);
    await q.query(`CREATE INDEX supervisor_link_views_link_idx ON supervisor_link_views (link_id, viewed_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE supervisor_link_views`);
    await q.query(`DROP TABLE supervisor_links`);
  }
}
