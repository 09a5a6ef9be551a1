import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config';
import { isDatabaseUnavailable } from '../../src/database/database-errors';
import { openDatabase, requestPoolOptions, setupPoolOptions } from '../../src/startup/open-database';
import { ensureDatabase } from '../../src/startup/embedded-postgres';

describe('database timeouts', () => {
  let url: string;
  beforeAll(async () => {
    url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`, 'school_template');
  });

  it('defaults to 5 s per statement, 30 s queued for a connection (a burst waits its turn), 3 s to connect, 20 connections', () => {
    const config = loadConfig({});
    expect([config.DB_STATEMENT_TIMEOUT_MS, config.DB_ACQUIRE_TIMEOUT_MS, config.DB_CONNECT_TIMEOUT_MS]).toEqual([5000, 30000, 3000]);
    expect(config.DB_POOL_SIZE).toBe(20);
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    expect(() => loadConfig({ DB_ACQUIRE_TIMEOUT_MS: 'soon' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
  });

  describe('of a request pool', () => {
    let ds: Awaited<ReturnType<typeof openDatabase>>;
    beforeAll(async () => {
      ds = await openDatabase(url, 1, { migrate: false, timeouts: { statementMs: 300, acquireMs: 300, connectMs: 3000 } });
    });
    afterAll(() => ds.destroy());

    it('cancels a statement that runs longer than the statement timeout, as "database unavailable"', async () => {
      const started = Date.now();
      const err = await ds.query('SELECT pg_sleep(3)').catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(err)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('gives up waiting for a connection after the acquire timeout', async () => {
      const held = ds.createQueryRunner();
      await held.connect();
      try {
        const started = Date.now();
        const err = await ds.query('SELECT 1').catch((e: unknown) => e);
        expect((err as Error).message).toMatch(/timeout exceeded when trying to connect/);
        expect(isDatabaseUnavailable(err)).toBe(true);
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        await held.release();
      }
      expect(await ds.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    });
  });

  it('gives requests the statement timeout of the settings, migrations and the seed none', async () => {
    const config = loadConfig({});
    const requests = await openDatabase(url, 1, requestPoolOptions(config));
    const setup = await openDatabase(url, 1, setupPoolOptions(config));
    try {
      expect(await requests.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '5s' }]);
      expect(await setup.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await requests.destroy();
      await setup.destroy();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows refused and lost connections, timeouts and shutdowns, not bad requests', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'terminating connection due to administrator command', code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable({ message: 'x', driverError: { code: '57P03' } })).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable({ message: 'duplicate key', code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
