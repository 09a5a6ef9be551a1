import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';

export interface S3School {
  /** The school's own address (the apps and the API). */
  baseURL: string;
  /** The bucket's address, where presigned file URLs point. */
  bucketURL: string;
  stop(): Promise<void>;
}

const E2E_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * A second school for the tests that need files in a bucket (STORAGE=s3): a real S3-protocol
 * server (s3rver) on another origin than the school, with the CORS rule infra/README.md asks of
 * a bucket (the apps' origin may GET and HEAD), and the built product started by start-server.mjs
 * on its own port, data folder and embedded PostgreSQL. Only the tests that use it pay for it.
 */
export async function startS3School(port: number): Promise<S3School> {
  const baseURL = `http://localhost:${port}`;
  const directory = mkdtempSync(join(tmpdir(), 'school-e2e-s3-'));
  const bucket = 'school-files';
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${baseURL}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Accept-Ranges</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader></CORSRule></CORSConfiguration>`;
  const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [cors] }] });
  const { port: s3Port } = await s3.run();
  const bucketURL = `http://127.0.0.1:${s3Port}`;
  const server: ChildProcess = spawn(process.execPath, ['start-server.mjs'], {
    cwd: E2E_DIR,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      STORAGE: 's3',
      S3_ENDPOINT: bucketURL,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    await s3.close();
    // The bucket's folder, and the school's data folder start-server.mjs made for this port.
    rmSync(directory, { recursive: true, force: true });
    rmSync(join(tmpdir(), `school-e2e-${port}`), { recursive: true, force: true });
  };
  // Started (migrated and seeded) when its health answers; a first start seeds the demo school.
  const until = Date.now() + 170_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The S3 school stopped at start (exit ${server.exitCode})`);
    const ok = await fetch(`${baseURL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseURL, bucketURL, stop };
    if (Date.now() > until) {
      await stop();
      throw new Error(`The S3 school did not answer at ${baseURL} within 170 s`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
