import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApi, buildApi, runNode } from '../processes';
import { startS3Server, type TestS3Server } from '../s3-server';
import { createTestApp, type TestApp } from '../test-app';
import { contentDisposition, type StoredFile, StorageService } from '../../src/platform/storage/storage.service';

/** pnpm storage:migrate --to s3 as a process, against a real S3-protocol server (s3rver). */
describe('storage:migrate --to s3', () => {
  let built: BuiltApi;
  let s3: TestS3Server;
  let t: TestApp;
  let storage: StorageService;
  let env: Record<string, string>;
  const files: { file: StoredFile; data: Buffer }[] = [];

  const migrate = async (argv: string[]) => {
    const run = runNode(built.storageMigrate, argv, env);
    return { code: await run.exited, output: run.output() };
  };
  const backends = async () =>
    (await t.ds.query(`SELECT backend, count(*)::int AS n FROM stored_files GROUP BY backend ORDER BY backend`)) as {
      backend: string;
      n: number;
    }[];

  beforeAll(async () => {
    [built, s3] = await Promise.all([buildApi(), startS3Server()]);
    // The school stores on disk (STORAGE unset) and knows the bucket it is moving to.
    t = await createTestApp(s3.env);
    storage = t.app.get(StorageService);
    for (let i = 0; i < 40; i++) {
      const data = Buffer.from(`%PDF-1.7 file ${i} `.repeat(200 + i));
      files.push({
        file: await storage.save({ data, originalName: `file ${i}.pdf`, contentType: 'application/pdf', purpose: 'test' }),
        data,
      });
    }
    env = { ...s3.env, DATA_DIR: t.config.dataDir, DATABASE_URL: (t.ds.options as { url: string }).url };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    built?.remove();
  });

  it('refuses to run without a destination or the bucket settings', async () => {
    expect(await migrate([])).toMatchObject({ code: 2, output: expect.stringContaining('--to: the only destination is s3.') });
    const run = runNode(built.storageMigrate, ['--to', 's3'], { DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('Copying to S3 needs S3_ENDPOINT, S3_BUCKET and S3_REGION');
    expect(await backends()).toEqual([{ backend: 'disk', n: 40 }]);
  }, 60_000);

  it('copies part of the files, is stopped part-way, resumes, and then has nothing left to do', async () => {
    // A run limited to 5 files, then one killed as soon as it has copied one.
    const first = await migrate(['--to', 's3', '--limit', '5']);
    expect(first.output).toContain('Copied 5 file(s) to the bucket school-files; 35 remain on disk.');
    expect(first.code).toBe(0);
    expect(await backends()).toEqual([
      { backend: 'disk', n: 35 },
      { backend: 's3', n: 5 },
    ]);

    const killed = runNode(built.storageMigrate, ['--to', 's3'], env);
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (/Copied file /.test(killed.output())) {
          clearInterval(check);
          killed.child.kill('SIGKILL');
          resolve();
        }
      }, 5);
    });
    await killed.exited;
    const [{ n: onDisk }] = await t.ds.query(`SELECT count(*)::int AS n FROM stored_files WHERE backend = 'disk'`);
    expect(onDisk).toBeLessThan(35);

    // Every record reads from where it says, whatever moment the run was stopped at.
    for (const { file, data } of files) {
      const found = (await storage.find(file.id_slug))!;
      expect(Buffer.compare((await storage.read(found))!, data)).toBe(0);
    }

    const resumed = await migrate(['--to', 's3']);
    expect(resumed.code).toBe(0);
    expect(resumed.output).toContain(`Copied ${onDisk} file(s) to the bucket school-files; 0 remain on disk.`);
    expect(await backends()).toEqual([{ backend: 's3', n: 40 }]);

    const again = await migrate(['--to', 's3']);
    expect(again.output).toBe('Copied 0 file(s) to the bucket school-files; 0 remain on disk.\n');
    expect(again.code).toBe(0);
  }, 120_000);

  it('leaves every record reading from the bucket, the local copies no longer needed', async () => {
    rmSync(storage.directory, { recursive: true, force: true });
    for (const { file, data } of files) {
      const found = (await storage.find(file.id_slug))!;
      expect(found.backend).toBe('s3');
      expect(Buffer.compare((await storage.read(found))!, data)).toBe(0);
      const res = await t.http.get(storage.signedUrl(found.id_slug)).expect(302);
      const fromBucket = await fetch(res.headers.location);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('content-disposition')).toBe(contentDisposition(file.original_name, false));
      expect(Buffer.compare(Buffer.from(await fromBucket.arrayBuffer()), data)).toBe(0);
    }
  });

  it('reports a file missing from disk, leaves its record, and still copies the others', async () => {
    const lost = await storage.save({
      data: Buffer.from('%PDF-1.7 lost'),
      originalName: 'lost.pdf',
      contentType: 'application/pdf',
      purpose: 'test',
    });
    const kept = await storage.save({
      data: Buffer.from('%PDF-1.7 kept'),
      originalName: 'kept.pdf',
      contentType: 'application/pdf',
      purpose: 'test',
    });
    rmSync(storage.pathOf(lost.storage_key));
    const run = await migrate(['--to', 's3']);
    expect(run.code).toBe(1);
    expect(run.output).toContain(`Not found on disk, left as they are: ${lost.id_slug}`);
    expect((await storage.find(lost.id_slug))!.backend).toBe('disk');
    expect((await storage.read((await storage.find(kept.id_slug))!))!.toString()).toBe('%PDF-1.7 kept');
  }, 60_000);
});
