import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app-config';
import { CliFailure as Failure, runCli, withSchoolDatabase } from './cli';
import { DiskStorage } from '../platform/storage/disk-storage';
import { migrateToS3 } from '../platform/storage/storage-migrate';
import { s3StorageFrom } from '../platform/storage/storage.service';

const USAGE =
  'Usage: pnpm storage:migrate --to s3 [--limit N]\n' +
  'Copies the stored files still on the local disk (DATA_DIR/uploads) to the S3 bucket (S3_ENDPOINT, S3_BUCKET, S3_REGION) and switches their records. ' +
  'Safe to stop and run again: it resumes where it stopped. The local copies are kept.';

// Exit codes: 0 every file copied (or nothing to do), 1 some not copied or a failure, 2 bad arguments or settings.

function readArgs(): { limit?: number } {
  let values: { to?: string; limit?: string };
  try {
    ({ values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string' } }, strict: true }));
  } catch {
    throw new Failure(`Unknown option or missing value; the options are --to and --limit.\n${USAGE}`, 2);
  }
  if (values.to !== 's3') throw new Failure(`--to: the only destination is s3.\n${USAGE}`, 2);
  if (values.limit === undefined) return {};
  const limit = Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1) throw new Failure(`--limit: expected a whole number of at least 1.\n${USAGE}`, 2);
  return { limit };
}

async function main() {
  const args = readArgs();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    throw new Failure((e as Error).message, 2);
  }
  const s3 = s3StorageFrom(config);
  if (!s3)
    throw new Failure(
      'Copying to S3 needs S3_ENDPOINT, S3_BUCKET and S3_REGION (and credentials: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).',
      2,
    );
  try {
    await withSchoolDatabase(config, async ({ ds }) => {
      const result = await migrateToS3(ds, new DiskStorage(config.uploadDir), s3, {
        limit: args.limit,
        onCopied: (idSlug, done) => console.log(`Copied file ${idSlug} (${done})`),
      });
      console.log(`Copied ${result.copied} file(s) to the bucket ${config.S3_BUCKET}; ${result.remaining} remain on disk.`);
      if (result.missing.length) {
        throw new Failure(`Not found on disk, left as they are: ${result.missing.join(', ')}`);
      }
    });
  } finally {
    await s3.destroy();
  }
}

runCli(main, 'Could not copy the files');
