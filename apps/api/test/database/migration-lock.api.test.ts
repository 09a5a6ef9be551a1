import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/startup/open-database';
import { ensureDatabase } from '../../src/startup/embedded-postgres';
import { migrations } from '../../src/database/migrations';

/** Replicas starting together on an empty database: each migrates under PostgreSQL's advisory lock. */
describe('migrations under the advisory lock', () => {
  it('lets three data sources migrate one empty database at once, each migration applied once', async () => {
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`);
    const opened = await Promise.allSettled([openDatabase(url, 2), openDatabase(url, 2), openDatabase(url, 1)]);
    const sources = opened.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    try {
      expect(opened.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const rows: { name: string }[] = await sources[0].query('SELECT name FROM migrations ORDER BY id');
      expect(rows).toHaveLength(migrations.length);
      expect(new Set(rows.map((r) => r.name)).size).toBe(migrations.length);
      // The lock is released: nobody is left holding it.
      const [{ count }] = await sources[0].query(`SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory'`);
      expect(count).toBe(0);
    } finally {
      await Promise.all(sources.map((s) => s.destroy()));
    }
  });
});
