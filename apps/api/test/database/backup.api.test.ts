import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import * as tar from 'tar';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BuiltApi, buildApi, dataFolder, freePort, type Run, runNode, waitFor } from '../processes';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs-schema';
import { embeddedUrl, ensureDatabase, runningPostmaster, startEmbeddedPostgres } from '../../src/startup/embedded-postgres';

/** Every table's row count and a checksum of its rows, and every sequence's position. */
async function fingerprint(url: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const tables = (
      await client.query(
        `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%' ORDER BY 1, 2`,
      )
    ).rows as { schema: string; name: string }[];
    const out: Record<string, { rows: number; md5: string }> = {};
    for (const t of tables) {
      const [r] = (
        await client.query(
          `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') AS md5 FROM "${t.schema}"."${t.name}" t`,
        )
      ).rows;
      out[`${t.schema}.${t.name}`] = r;
    }
    // The job queue's registry of live processes is not the school's state: a backup leaves it out.
    delete out['pgboss.instance'];
    // Nor are the queue's own maintenance clocks (when it last ran its upkeep and cron): only its schema version counts.
    if (out['pgboss.version'])
      out['pgboss.version'] = (
        await client.query(`SELECT count(*)::int AS rows, md5(string_agg(version::text, ',')) AS md5 FROM pgboss.version`)
      ).rows[0];
    // Each queue's settings count; its monitoring (counts, histories, when it was last watched) is rewritten on the
    // queue's own timer while the school runs, so a running backup may hold an older reading than the stopped school.
    if (out['pgboss.queue'])
      out['pgboss.queue'] = (
        await client.query(
          `SELECT count(*)::int AS rows,
                  md5(string_agg(concat_ws('|', name, policy, retry_limit, retry_delay, retry_backoff, retry_delay_max, expire_seconds,
                                           retention_seconds, deletion_seconds, dead_letter, partition, table_name), ',' ORDER BY name)) AS md5
             FROM pgboss.queue`,
        )
      ).rows[0];
    const sequences = (
      await client.query(`SELECT schemaname || '.' || sequencename AS name, last_value::text FROM pg_sequences ORDER BY 1`)
    ).rows;
    return { tables: out, sequences };
  } finally {
    await client.end();
  }
}

/** Relative path -> sha256 of every file under `dir`. */
function files(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(join(dir, prefix))) return out;
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) Object.assign(out, files(dir, rel));
    else
      out[rel] = createHash('sha256')
        .update(readFileSync(join(dir, rel)))
        .digest('hex');
  }
  return out;
}

/** pnpm backup and pnpm restore as processes, on a seeded school in data folders of their own. */
describe('backup and restore', () => {
  let built: BuiltApi;
  const folders: string[] = [];
  const runs: Run[] = [];
  let school: string;
  let backupDir: string;
  let pgPort: number;

  const folder = () => {
    const f = dataFolder();
    folders.push(f);
    return f;
  };
  const cli = async (script: string, argv: string[], env: Record<string, string>) => {
    const run = runNode(script, argv, { INIT_CWD: backupDir, ...env });
    runs.push(run);
    const code = await run.exited;
    return { code, output: run.output() };
  };
  /** Fingerprint of the database kept in `dir`, read through a server started on it for the purpose. */
  const fingerprintOf = async (dir: string) => {
    const server = await startEmbeddedPostgres({ dir: join(dir, 'pg'), port: await freePort() });
    try {
      return await fingerprint(embeddedUrl(server.port, 'school'));
    } finally {
      await server.stop();
    }
  };

  beforeAll(async () => {
    built = await buildApi();
    school = folder();
    backupDir = folder();
    pgPort = await freePort();
  });
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    for (const f of folders) rmSync(f, { recursive: true, force: true });
    built?.remove();
  });

  it('backs up a running seeded school, and again once stopped; restoring into a fresh folder gives the same rows, sequences and files', async () => {
    const port = String(await freePort());
    const env = { DATA_DIR: school, EMBEDDED_PG_PORT: String(pgPort), PORT: port };
    const api = runNode(built.main, [], env);
    runs.push(api);
    await waitFor(
      'the seeded school to answer',
      async () => {
        if (api.child.exitCode !== null) throw new Error(`the API exited: ${api.output()}`);
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 || undefined;
      },
      // A first start migrates and seeds the demo school: minutes on a busy machine.
      240_000,
    );
    const client = new pg.Client(embeddedUrl(pgPort, 'school'));
    await client.connect();
    // The demo seed's own work goes on in jobs after start (certificate evaluation, its mail): the
    // running backup is taken once the queue is idle, so the stopped school has the same rows.
    await waitFor(
      "the seed's jobs to finish",
      async () => {
        const { rows } = await client.query(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
        );
        return rows[0].n === 0 || undefined;
      },
      120_000,
    );
    // Values COPY must escape, kept byte for byte.
    await client.query(
      `UPDATE users SET first_name = E'Tab\\there, new\\nline, back\\\\slash, \\u00e9\\u4e2d' WHERE email = 'student@example.com'`,
    );
    await client.end();
    // A message waiting in the queue comes back with the rest (due next year, so no worker takes it meanwhile).
    const boss = new PgBoss({ connectionString: embeddedUrl(pgPort, 'school'), schema: JOBS_SCHEMA, supervise: false, schedule: false });
    await boss.start();
    const due = new Date(Date.now() + 365 * 86_400_000);
    expect(
      await boss.send(
        'send-mail',
        { template: 'enrolled-in-cohort', to: 'student@example.com', subjectId: 'backup-test' },
        { startAfter: due },
      ),
    ).toBeTruthy();
    await boss.stop({ graceful: false });

    // With the school running: its own server is used (EMBEDDED_PG_PORT deliberately wrong).
    const running = await cli(built.backup, [], { DATA_DIR: school, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(running.output).toMatch(
      /^Backed up \d+ tables \(\d+ rows\) and [1-9]\d* stored files \(\d+ bytes\) to .*\/backups\/school-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz\.\n$/,
    );
    expect(running.code).toBe(0);
    const runningFile = /to (.*)\.\n$/.exec(running.output)![1];

    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);

    // With the school stopped: a server is started for the backup and stopped again.
    const stopped = await cli(built.backup, ['--out', 'stopped.tar.gz'], { DATA_DIR: school, EMBEDDED_PG_PORT: String(pgPort) });
    expect(stopped.code).toBe(0);
    expect(existsSync(join(backupDir, 'stopped.tar.gz'))).toBe(true);
    expect(runningPostmaster(join(school, 'pg'))).toBeUndefined();

    const original = await fingerprintOf(school);
    expect(original.tables['public.users'].rows).toBeGreaterThan(3);
    expect(original.tables['public.lessons'].rows).toBeGreaterThan(0);
    expect(original.tables['pgboss.job'].rows).toBeGreaterThan(0);
    const originalFiles = files(join(school, 'uploads'));
    expect(Object.keys(originalFiles).length).toBeGreaterThan(0);

    for (const archive of [runningFile, 'stopped.tar.gz']) {
      const target = folder();
      const restored = await cli(built.restore, [archive], { DATA_DIR: target, EMBEDDED_PG_PORT: String(await freePort()) });
      expect(restored.output).toMatch(/^Restored \d+ tables \(\d+ rows\) and \d+ stored files from the backup of .* into .*\.\n$/);
      expect(restored.code).toBe(0);
      expect(runningPostmaster(join(target, 'pg'))).toBeUndefined();
      expect(await fingerprintOf(target)).toEqual(original);
      expect(files(join(target, 'uploads'))).toEqual(originalFiles);
    }
  }, 600_000);

  it('refuses a data folder that is not empty unless told, and replaces it with --force', async () => {
    const env = { DATA_DIR: school, EMBEDDED_PG_PORT: String(await freePort()) };
    const refused = await cli(built.restore, ['stopped.tar.gz'], env);
    expect(refused.output).toBe(
      `Restore failed: ${join(school, 'pg')} and ${join(school, 'uploads')} are not empty; nothing was restored. Restore into a fresh DATA_DIR, or add --force to replace it.\n`,
    );
    expect(refused.code).toBe(1);

    const before = await fingerprintOf(school);
    const server = await startEmbeddedPostgres({ dir: join(school, 'pg'), port: await freePort() });
    const client = new pg.Client(embeddedUrl(server.port, 'school'));
    await client.connect();
    await client.query(`DELETE FROM form_submissions; UPDATE users SET first_name = 'Changed'`);
    await client.end();
    await server.stop();
    writeFileSync(join(school, 'uploads', 'stray-file'), 'not in the backup');

    const forced = await cli(built.restore, ['stopped.tar.gz', '--force'], env);
    expect(forced.code).toBe(0);
    expect(await fingerprintOf(school)).toEqual(before);
    expect(existsSync(join(school, 'uploads', 'stray-file'))).toBe(false);
  }, 120_000);

  it('checks the manifest: a backup from a version with other migrations, or no backup at all, is refused and the folder stays empty', async () => {
    const unpacked = await mkdtemp(join(backupDir, 'tampered-'));
    await tar.extract({ file: join(backupDir, 'stopped.tar.gz'), cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.migrations.push('FromTheFuture1999999999999');
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    await tar.create({ gzip: true, file: join(backupDir, 'newer.tar.gz'), cwd: unpacked }, readdirSync(unpacked));

    const target = folder();
    const env = { DATA_DIR: target, EMBEDDED_PG_PORT: String(await freePort()) };
    const newer = await cli(built.restore, ['newer.tar.gz'], env);
    expect(newer.output).toBe(
      `Restore failed: ${join(backupDir, 'newer.tar.gz')} was made by another version of the school: its database has the migration FromTheFuture1999999999999, which this version does not have in that place. Restore it with the version that made it.\n`,
    );
    expect(newer.code).toBe(1);
    expect(readdirSync(target)).toEqual([]);

    writeFileSync(join(backupDir, 'not-a-backup.tar.gz'), 'hello');
    const junk = await cli(built.restore, ['not-a-backup.tar.gz'], env);
    expect(junk.output).toMatch(/^Restore failed: .*not-a-backup\.tar\.gz is not a backup of the school/);
    expect(junk.code).toBe(1);
    expect(readdirSync(target)).toEqual([]);

    const usage = await cli(built.restore, [], env);
    expect(usage.code).toBe(2);
  }, 120_000);

  it('a restore that fails part-way leaves the fresh folder or the empty database as it found them, so the retry is not refused', async () => {
    // A backup naming a table its migrations do not create fails after the migrations have run.
    const unpacked = await mkdtemp(join(backupDir, 'ghost-'));
    await tar.extract({ file: join(backupDir, 'stopped.tar.gz'), cwd: unpacked });
    const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
    manifest.tables.push({ ...manifest.tables[0], name: 'ghost_table' });
    writeFileSync(join(unpacked, 'manifest.json'), JSON.stringify(manifest));
    await tar.create({ gzip: true, file: join(backupDir, 'ghost.tar.gz'), cwd: unpacked }, readdirSync(unpacked));
    const failedPart =
      /^Restore failed: The backup holds tables its migrations do not create \(\w+\.ghost_table\); nothing was restored\.\n$/;

    // Into a fresh data folder.
    const target = folder();
    const env = { DATA_DIR: target, EMBEDDED_PG_PORT: String(await freePort()) };
    const failed = await cli(built.restore, ['ghost.tar.gz'], env);
    expect(failed.output).toMatch(failedPart);
    expect(failed.code).toBe(1);
    expect(readdirSync(target)).toEqual([]);
    const retried = await cli(built.restore, ['stopped.tar.gz'], env);
    expect(retried.output).toMatch(/^Restored \d+ tables/);
    expect(retried.code).toBe(0);

    // Into the empty database of DATABASE_URL.
    const url = await ensureDatabase(inject('adminDatabaseUrl'), `test_${randomBytes(6).toString('hex')}`);
    const urlEnv = { DATA_DIR: folder(), DATABASE_URL: url };
    const failedOnUrl = await cli(built.restore, ['ghost.tar.gz'], urlEnv);
    expect(failedOnUrl.output).toMatch(failedPart);
    expect(failedOnUrl.code).toBe(1);
    const client = new pg.Client(url);
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')`,
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await client.end();
    }
    const retriedOnUrl = await cli(built.restore, ['stopped.tar.gz'], urlEnv);
    expect(retriedOnUrl.output).toMatch(/^Restored \d+ tables/);
    expect(retriedOnUrl.code).toBe(0);
  }, 240_000);
});
