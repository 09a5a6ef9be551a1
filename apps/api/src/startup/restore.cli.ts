import 'reflect-metadata';
import { existsSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config/app-config';
import { BackupError, databaseHasTables, openBackup, restoreBackup, userTables } from './backup';
import { ensureDatabase, runningPostmaster, startEmbeddedPostgres } from './embedded-postgres';
import { embeddedDir } from './start-database';

const USAGE =
  'Usage: pnpm restore FILE.tar.gz [--force]\n' +
  'Brings a fresh data folder (DATA_DIR), or the empty database of DATABASE_URL, back to the backup FILE.\n' +
  '--force replaces what is already there (the school must be stopped).';

const callerDir = () => process.env.INIT_CWD ?? process.cwd();
const nonEmpty = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** Drops the tables of every schema the school uses in the database at `url` (restore --force on DATABASE_URL). */
async function emptyDatabase(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schemas = [...new Set((await userTables(client)).map((t) => t.schema))];
    await client.query('BEGIN');
    for (const s of schemas) {
      const q = `"${s.replace(/"/g, '""')}"`;
      await client.query(`DROP SCHEMA ${q} CASCADE`);
      if (s === 'public') await client.query(`CREATE SCHEMA ${q}`);
    }
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** Exit codes: 0 restored, 1 not restored, 2 bad arguments. */
async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.positionals.length !== 1) {
    console.error(`Name one backup file.\n${USAGE}`);
    return 2;
  }
  const file = resolve(callerDir(), parsed.positionals[0]);
  const force = parsed.values.force === true;
  const config = loadConfig();
  const pgDir = embeddedDir(config);

  if (!config.DATABASE_URL) {
    const running = runningPostmaster(pgDir);
    if (running)
      throw new BackupError(
        `The school is running on ${config.dataDir} (its PostgreSQL is process ${running.pid}). Stop it before restoring.`,
      );
  }
  const filled = [config.DATABASE_URL ? undefined : pgDir, config.uploadDir].filter((d): d is string => !!d && nonEmpty(d));
  if (filled.length && !force) {
    throw new BackupError(
      `${filled.join(' and ')} ${filled.length > 1 ? 'are' : 'is'} not empty; nothing was restored. Restore into a fresh DATA_DIR, or add --force to replace it.`,
    );
  }

  const backup = await openBackup(file, dirname(config.dataDir));
  try {
    if (config.DATABASE_URL) {
      if (await databaseHasTables(config.DATABASE_URL)) {
        if (!force)
          throw new BackupError(
            'The database of DATABASE_URL is not empty; nothing was restored. Give an empty database, or add --force to replace its contents.',
          );
        await emptyDatabase(config.DATABASE_URL);
      }
      if (force) await rm(config.uploadDir, { recursive: true, force: true });
      try {
        await restoreBackup({ dir: backup.dir, manifest: backup.manifest, url: config.DATABASE_URL, uploadDir: config.uploadDir });
      } catch (e) {
        // The database and the uploads folder were empty (or given up with --force): leave them so, not half
        // restored, so that running the command again is not refused as "not empty".
        await emptyDatabase(config.DATABASE_URL).catch(() => undefined);
        await rm(config.uploadDir, { recursive: true, force: true });
        throw e;
      }
    } else {
      if (force) {
        await rm(pgDir, { recursive: true, force: true });
        await rm(config.uploadDir, { recursive: true, force: true });
      }
      let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
      try {
        server = await startEmbeddedPostgres({ dir: pgDir, port: config.EMBEDDED_PG_PORT });
        const url = await ensureDatabase(server.url, 'school');
        await restoreBackup({ dir: backup.dir, manifest: backup.manifest, url, uploadDir: config.uploadDir });
      } catch (e) {
        // The folders were empty (or given up with --force): leave them so, not half made (a database created but
        // its server refused to start, or rows half copied), so that running the command again is not refused.
        await server?.stop();
        await rm(pgDir, { recursive: true, force: true });
        await rm(config.uploadDir, { recursive: true, force: true });
        throw e;
      }
      await server.stop();
    }
  } finally {
    await backup.remove();
  }
  const m = backup.manifest;
  const rows = m.tables.reduce((n, t) => n + t.rows, 0);
  const files = m.uploads ? `${m.uploads.files} stored files` : 'no stored files';
  console.log(
    `Restored ${m.tables.length} tables (${rows} rows) and ${files} from the backup of ${m.created_at} into ${config.DATABASE_URL ? 'DATABASE_URL' : config.dataDir}.`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Restore failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
