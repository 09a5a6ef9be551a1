import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { installJobsSchema, JOBS_SCHEMA } from '../platform/jobs/jobs-schema';
import { entities } from './entities';
import { migrations as allMigrations } from '../database/migrations';

/**
 * A backup is one .tar.gz holding manifest.json, database/<n>.copy (each table's rows in
 * PostgreSQL's COPY text format, all read in one repeatable-read snapshot) and uploads/ (the
 * stored files, when they are on disk). The schema is not in the archive: it is the migrations
 * the manifest names, applied by restore before the rows are copied back.
 */

export const BACKUP_FORMAT = 'school-backup';
export const BACKUP_VERSION = 1;

const TableSchema = z.object({
  schema: z.string().min(1),
  name: z.string().min(1),
  columns: z.array(z.string().min(1)).min(1),
  rows: z.number().int().min(0),
  file: z.string().regex(/^database\/\d+\.copy$/),
});
const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int(),
  created_at: z.string(),
  postgres: z.string(),
  migrations: z.array(z.string()),
  tables: z.array(TableSchema),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), last_value: z.string().nullable() })),
  uploads: z.object({ files: z.number().int(), bytes: z.number().int() }).nullable(),
  /**
   * Files the rows name in the S3 bucket (STORAGE=s3): never in the archive, the bucket is backed
   * up by its own means (versioning, replication). Absent in archives of older versions.
   */
  bucket: z.object({ files: z.number().int(), bytes: z.number().int() }).optional(),
});
export type BackupManifest = z.infer<typeof ManifestSchema>;

/** A backup or restore that cannot go on; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (t: { schema: string; name: string }) => `${ident(t.schema)}.${ident(t.name)}`;
const USER_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg\\_%'`;

/** Names of the migrations this build knows, oldest first (as TypeORM records them). */
export const knownMigrations = (): string[] => allMigrations.map((m) => m.name);

/** Every regular file below `dir`, as paths relative to it. */
async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * The tables of a database holding user data (every schema but PostgreSQL's own), less the job
 * queue's registry of the processes running at the time, which a restored school has none of.
 */
export async function userTables(client: pg.Client): Promise<{ schema: string; name: string; oid: number }[]> {
  const { rows } = await client.query(
    `SELECT n.nspname AS schema, c.relname AS name, c.oid::int AS oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND ${USER_SCHEMAS}
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
       AND (n.nspname, c.relname) NOT IN (($1, 'instance'))
     ORDER BY 1, 2`,
    [JOBS_SCHEMA],
  );
  return rows;
}

/**
 * Writes a backup of the database at `url` (and of `uploadDir`, when it exists) to `file`.
 * The rows of every table come from one snapshot, so the dump is consistent while the school runs;
 * the files are copied after it, so every file a row of the dump names is there.
 */
export async function createBackup(opts: { url: string; uploadDir?: string; file: string; now?: Date }): Promise<BackupManifest> {
  const outDir = dirname(opts.file);
  await mkdir(outDir, { recursive: true });
  const staging = await mkdtemp(join(outDir, '.backup-'));
  try {
    await mkdir(join(staging, 'database'));
    const client = new pg.Client({ connectionString: opts.url });
    await client.connect();
    let manifest: BackupManifest;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const postgres = (await client.query('SHOW server_version')).rows[0].server_version as string;
      const hasMigrations = (await client.query(`SELECT to_regclass('public.migrations') IS NOT NULL AS ok`)).rows[0].ok;
      if (!hasMigrations) throw new BackupError('The database holds no school data (it has no migrations table); nothing was backed up.');
      const migrations = (await client.query('SELECT name FROM public.migrations ORDER BY id')).rows.map((r) => r.name as string);
      const tables: BackupManifest['tables'] = [];
      for (const [i, t] of (await userTables(client)).entries()) {
        const columns = (
          await client.query(
            `SELECT attname FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND attgenerated = '' ORDER BY attnum`,
            [t.oid],
          )
        ).rows.map((r) => r.attname as string);
        const file = `database/${i}.copy`;
        const stream = client.query(copyTo(`COPY (SELECT ${columns.map(ident).join(', ')} FROM ${qualified(t)}) TO STDOUT`));
        await pipeline(stream, createWriteStream(join(staging, file)));
        tables.push({ schema: t.schema, name: t.name, columns, rows: stream.rowCount, file });
      }
      const sequences = (
        await client.query(
          `SELECT schemaname AS schema, sequencename AS name, last_value::text AS last_value FROM pg_sequences
           WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
        )
      ).rows;
      // Counted in the same snapshot: what the operator must keep in the bucket for this archive.
      const bucket = (
        await client.query(
          `SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::bigint::text AS bytes FROM stored_files WHERE backend = 's3'`,
        )
      ).rows[0] as { files: number; bytes: string };
      await client.query('COMMIT');
      manifest = {
        bucket: { files: bucket.files, bytes: Number(bucket.bytes) },
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        created_at: (opts.now ?? new Date()).toISOString(),
        postgres,
        migrations,
        tables,
        sequences,
        uploads: null,
      };
    } finally {
      await client.end();
    }

    const entries = ['manifest.json', 'database'];
    if (opts.uploadDir && (await exists(opts.uploadDir))) {
      await cp(opts.uploadDir, join(staging, 'uploads'), { recursive: true, errorOnExist: false, force: true });
      const files = await listFiles(join(staging, 'uploads'));
      let bytes = 0;
      for (const f of files) bytes += (await stat(join(staging, 'uploads', f))).size;
      manifest.uploads = { files: files.length, bytes };
      entries.push('uploads');
    }
    await writeFile(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = join(outDir, `.${basename(opts.file)}.partial`);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, entries);
    await rename(partial, opts.file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks `file` into a new folder beside `workDir` and checks its manifest against this build. */
export async function openBackup(
  file: string,
  workDir: string,
): Promise<{ dir: string; manifest: BackupManifest; remove(): Promise<void> }> {
  if (!(await exists(file))) throw new BackupError(`There is no backup at ${file}.`);
  await mkdir(workDir, { recursive: true });
  const dir = await mkdtemp(join(workDir, '.restore-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    try {
      await tar.extract({ file, cwd: dir, strict: true });
    } catch (e) {
      throw new BackupError(`${file} is not a backup of the school (it could not be unpacked: ${(e as Error).message}).`);
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    } catch {
      throw new BackupError(`${file} is not a backup of the school (it has no readable manifest.json).`);
    }
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success)
      throw new BackupError(
        `${file} is not a backup of the school (its manifest is not one: ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}).`,
      );
    const manifest = parsed.data;
    if (manifest.version !== BACKUP_VERSION) {
      throw new BackupError(
        `${file} is a backup of format version ${manifest.version}; this version of the school restores version ${BACKUP_VERSION}.`,
      );
    }
    const known = knownMigrations();
    const unknown = manifest.migrations.find((m, i) => known[i] !== m);
    if (unknown) {
      throw new BackupError(
        `${file} was made by another version of the school: its database has the migration ${unknown}, which this version does not have in that place. Restore it with the version that made it.`,
      );
    }
    for (const t of manifest.tables) {
      if (!(await exists(join(dir, t.file))))
        throw new BackupError(`${file} is incomplete: ${t.file} (table ${t.schema}.${t.name}) is missing.`);
    }
    if (manifest.uploads && !(await exists(join(dir, 'uploads'))))
      throw new BackupError(`${file} is incomplete: its uploads folder is missing.`);
    return { dir, manifest, remove };
  } catch (e) {
    await remove();
    throw e;
  }
}

/** Tables in an order where each comes after the tables its foreign keys point at (as far as cycles allow). */
async function dependencyOrder(client: pg.Client, tables: BackupManifest['tables']): Promise<BackupManifest['tables']> {
  const { rows } = await client.query(
    `SELECT cn.nspname AS schema, c.relname AS name, fn.nspname AS ref_schema, f.relname AS ref_name
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
     JOIN pg_class f ON f.oid = k.confrelid JOIN pg_namespace fn ON fn.oid = f.relnamespace
     WHERE k.contype = 'f' AND k.conrelid <> k.confrelid`,
  );
  const key = (s: string, n: string) => `${s}.${n}`;
  const needs = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = key(r.schema, r.name);
    if (!needs.has(k)) needs.set(k, new Set());
    needs.get(k)!.add(key(r.ref_schema, r.ref_name));
  }
  const ordered: BackupManifest['tables'] = [];
  const done = new Set<string>();
  let left = [...tables];
  while (left.length) {
    const ready = left.filter((t) =>
      [...(needs.get(key(t.schema, t.name)) ?? [])].every((d) => done.has(d) || !tables.some((o) => key(o.schema, o.name) === d)),
    );
    const next = ready.length ? ready : [left[0]];
    for (const t of next) {
      ordered.push(t);
      done.add(key(t.schema, t.name));
    }
    left = left.filter((t) => !next.includes(t));
  }
  return ordered;
}

/** Whether the database at `url` already holds tables of its own. */
export async function databaseHasTables(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await userTables(client)).length > 0;
  } finally {
    await client.end();
  }
}

/**
 * Brings the empty database at `url` back to the backup unpacked in `dir`: applies the migrations
 * the backup's database had (later ones run at the school's next start), then copies every table's
 * rows back in one transaction (the job queue's included) with the tables' own triggers off (their effects are in the rows
 * already), and sets every sequence to where it was. The stored files go to `uploadDir`.
 */
export async function restoreBackup(opts: { dir: string; manifest: BackupManifest; url: string; uploadDir: string }): Promise<void> {
  const { dir, manifest } = opts;
  const names = new Set(manifest.migrations);
  const ds = new DataSource({
    type: 'postgres',
    url: opts.url,
    entities,
    migrations: allMigrations.filter((m) => names.has(m.name)),
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: 1 },
  });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
  // The queue's tables are pg-boss's own, not the migrations': it creates them, then its rows come back like the others.
  if (manifest.tables.some((t) => t.schema === JOBS_SCHEMA)) await installJobsSchema(opts.url);

  const client = new pg.Client({ connectionString: opts.url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const present = new Set((await userTables(client)).map((t) => `${t.schema}.${t.name}`));
    const missing = manifest.tables.filter((t) => !present.has(`${t.schema}.${t.name}`));
    if (missing.length) {
      throw new BackupError(
        `The backup holds tables its migrations do not create (${missing.map((t) => `${t.schema}.${t.name}`).join(', ')}); nothing was restored.`,
      );
    }
    const tables = await dependencyOrder(client, manifest.tables);
    for (const t of tables) await client.query(`ALTER TABLE ${qualified(t)} DISABLE TRIGGER USER`);
    // The migrations may have written rows (their own bookkeeping above all): the backup's replace them.
    if (tables.length) await client.query(`TRUNCATE ${tables.map(qualified).join(', ')}`);
    for (const t of tables) {
      await pipeline(
        createReadStream(join(dir, t.file)),
        client.query(copyFrom(`COPY ${qualified(t)} (${t.columns.map(ident).join(', ')}) FROM STDIN`)),
      );
    }
    for (const t of tables) await client.query(`ALTER TABLE ${qualified(t)} ENABLE TRIGGER USER`);
    for (const s of manifest.sequences) {
      const seq = qualified(s);
      if (s.last_value === null) {
        await client.query(`SELECT setval($1::regclass, seqstart, false) FROM pg_sequence WHERE seqrelid = $1::regclass`, [seq]);
      } else {
        await client.query(`SELECT setval($1::regclass, $2::bigint, true)`, [seq, s.last_value]);
      }
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
  }

  if (manifest.uploads) {
    await mkdir(opts.uploadDir, { recursive: true });
    await cp(join(dir, 'uploads'), opts.uploadDir, { recursive: true, force: true });
  }
}
