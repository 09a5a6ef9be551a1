import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApi, buildApi, dataFolder, freePort, type Run, runNode, waitFor } from '../processes';
import { startS3Server, type TestS3Server } from '../s3-server';

/**
 * pnpm backup and restore of a school keeping its files in an S3 bucket (the s3rver test server):
 * the archive holds the database and says the bucket's files are not in it; restored with the same
 * STORAGE=s3 settings, the school serves those files again from the bucket.
 */
describe('backup and restore with STORAGE=s3', () => {
  let built: BuiltApi;
  let s3: TestS3Server;
  const folders: string[] = [];
  const runs: Run[] = [];
  let env: Record<string, string>;

  const folder = () => {
    const f = dataFolder();
    folders.push(f);
    return f;
  };
  const run = (script: string, argv: string[], extra: Record<string, string>) => {
    const r = runNode(script, argv, { ...env, ...extra });
    runs.push(r);
    return r;
  };
  const serve = async (dataDir: string) => {
    const port = String(await freePort());
    const api = run(built.main, [], { DATA_DIR: dataDir, PORT: port, EMBEDDED_PG_PORT: String(await freePort()) });
    await waitFor(
      'the school to answer',
      async () => {
        if (api.child.exitCode !== null) throw new Error('exited');
        return (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200 || undefined;
      },
      180_000,
    ).catch(() => {
      throw new Error(`the school did not start: ${api.output()}`);
    });
    return { api, base: `http://127.0.0.1:${port}` };
  };

  beforeAll(async () => {
    built = await buildApi();
    s3 = await startS3Server();
    env = { ...s3.env, STORAGE: 's3', SEED_DEMO: 'false', SERVE_APPS: 'false', JWT_SECRET: randomBytes(32).toString('hex') };
  }, 120_000);
  afterAll(async () => {
    for (const r of runs) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await Promise.all(runs.map((r) => r.exited));
    for (const f of folders) rmSync(f, { recursive: true, force: true });
    await s3?.close();
    built?.remove();
  }, 60_000);

  it('says the bucket is not in the archive, and a restore serves the bucket’s files again', async () => {
    const school = folder();
    const first = await serve(school);
    const pdf = Buffer.from(`%PDF-1.7\n% bucket ${randomBytes(8).toString('hex')}\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n`);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'resume.pdf');
    const uploaded = await fetch(`${first.base}/api/upload/file_upload/`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(201);
    const link = new URL(((await uploaded.json()) as { url: string }).url, first.base);
    first.api.child.kill('SIGTERM');
    expect(await first.api.exited).toBe(0);

    const backupDir = folder();
    // Ports of their own, as every run here has: the default one may belong to a school running on this machine.
    const backup = run(built.backup, ['--out', 'school.tar.gz'], {
      DATA_DIR: school,
      INIT_CWD: backupDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(await backup.exited, backup.output()).toBe(0);
    expect(backup.output()).toContain(
      `1 stored files (${pdf.length} bytes) are in the S3 bucket ${s3.env.S3_BUCKET} and not in this archive: back up the bucket by its own means`,
    );

    const restoredDir = folder();
    const restore = run(built.restore, [`${backupDir}/school.tar.gz`], {
      DATA_DIR: restoredDir,
      EMBEDDED_PG_PORT: String(await freePort()),
    });
    expect(await restore.exited, restore.output()).toBe(0);

    const second = await serve(restoredDir);
    const redirect = await fetch(`${second.base}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const answer = await fetch(redirect.headers.get('location')!);
    expect(answer.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await answer.arrayBuffer()), pdf)).toBe(0);
    second.api.child.kill('SIGTERM');
    expect(await second.api.exited).toBe(0);
  }, 600_000);
});
