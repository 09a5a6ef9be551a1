import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/database/database-errors';
import { loadConfig } from '../../src/config/app-config';
import { openDatabase, requestPoolOptions } from '../../src/startup/open-database';
import { ensureDatabase } from '../../src/startup/embedded-postgres';
import { dataFolder } from '../processes';

/**
 * A burst larger than the pool (a class starting a quiz together) queues for connections with
 * the settings the API runs with: nobody waiting their turn is told the database is unavailable.
 */
describe('the request pool under a burst', () => {
  it('serves every one of 60 statements sent at once to a pool of 2, each holding its connection 0.2 s (6 s of queue)', async () => {
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`, 'school_template');
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataFolder(), JWT_SECRET: randomBytes(32).toString('hex') });
    const ds = await openDatabase(url, 2, { ...requestPoolOptions(config), migrate: false });
    try {
      const results = await Promise.allSettled(Array.from({ length: 60 }, () => ds.query('SELECT pg_sleep(0.2)')));
      const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      expect(refused.filter(isDatabaseUnavailable).map(String)).toEqual([]);
      expect(refused.map(String)).toEqual([]);
    } finally {
      await ds.destroy();
    }
  }, 120_000);
});
