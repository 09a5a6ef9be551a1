import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's private calendar feed: only the sha256 of its secret is kept (the address is shown
 * once); one per user, so making a new one replaces (and stops) the old.
 */
export class CalendarFeeds1764000005900 implements MigrationInterface {
  name = 'CalendarFeeds1764000005900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        user_id bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE calendar_feeds`);
  }
}
