import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** The settings that point the API at this server's bucket. */
  env: Record<string, string>;
  /** The ids of the multipart uploads started and neither completed nor aborted yet. */
  multipartUploads(): string[];
  close(): Promise<void>;
}

/**
 * A real S3-protocol server (s3rver) on a free port with one empty bucket, its objects in a
 * throw-away folder. s3rver knows the one account S3RVER/S3RVER. It has no AbortMultipartUpload,
 * which is answered here as S3 answers it (204, its parts dropped; 404 NoSuchUpload when unknown).
 */
export async function startS3Server(bucket = 'school-files'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'school-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  // Where s3rver keeps a multipart upload's parts until it is completed.
  const uploads = join(directory, bucket, '._S3rver_uploads');
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(join(uploads, uploadId))) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    rmSync(join(uploads, uploadId), { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    multipartUploads: () => (existsSync(uploads) ? readdirSync(uploads) : []),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
