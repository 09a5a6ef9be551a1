import 'reflect-metadata';
import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app-config';
import { BackupError, createBackup } from './backup';
import { explainDatabaseError } from './explain-database-error';
import { useDatabase } from './start-database';

const USAGE =
  'Usage: pnpm backup [--out FILE.tar.gz | --out FOLDER]\n' +
  'Writes the database and the stored files on disk into one dated archive (by default backups/school-backup-<date>.tar.gz);\n' +
  'files in the S3 bucket (STORAGE=s3) are not in it: the bucket is backed up by its own means.';

/** Where pnpm was called from: paths on the command line are relative to it, not to apps/api. */
const callerDir = () => process.env.INIT_CWD ?? process.cwd();

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/** Exit codes: 0 written, 1 not written (the database failed, the folder cannot be written), 2 bad arguments. */
async function main(): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ options: { out: { type: 'string' } }, strict: true }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const now = new Date();
  const name = `school-backup-${stamp(now)}.tar.gz`;
  const target = out === undefined ? join(callerDir(), 'backups', name) : resolve(callerDir(), out);
  const file = /\.t(ar\.)?gz$/.test(target) ? target : join(target, name);
  const source = config.DATABASE_URL ? 'DATABASE_URL' : 'the embedded PostgreSQL';
  const database = await useDatabase(config).catch((e) => {
    throw new BackupError(`Could not connect to the database: ${explainDatabaseError(e, config.DATABASE_URL ?? '', source)}`);
  });
  try {
    const manifest = await createBackup({ url: database.url, uploadDir: config.uploadDir, file, now });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    const files = manifest.uploads
      ? `${manifest.uploads.files} stored files (${manifest.uploads.bytes} bytes)`
      : 'no stored files (none on disk)';
    console.log(`Backed up ${manifest.tables.length} tables (${rows} rows) and ${files} to ${isAbsolute(file) ? file : resolve(file)}.`);
    if (manifest.bucket?.files || config.STORAGE === 's3') {
      console.log(
        `${manifest.bucket?.files ?? 0} stored files (${manifest.bucket?.bytes ?? 0} bytes) are in the S3 bucket${config.S3_BUCKET ? ` ${config.S3_BUCKET}` : ''} and not in this archive: back up the bucket by its own means (versioning or replication). A restore finds them there again with the same STORAGE=s3 settings.`,
      );
    }
    return 0;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`Backup failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
