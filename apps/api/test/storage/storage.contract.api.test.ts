import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/app-config';
import { createApp } from '../../src/create-app';
import { startS3Server, type TestS3Server } from '../s3-server';
import { createTestApp, type TestApp } from '../test-app';
import type { StorageBackend } from '../../src/platform/storage/storage-adapter';
import { FILE_PURPOSE, StorageService } from '../../src/platform/storage/storage.service';

/**
 * One contract for both storage adapters, through the API's signed URLs as every caller uses
 * them: the disk adapter answers from the API, the S3 adapter (against a real S3-protocol server,
 * s3rver) by a redirect to a presigned bucket URL.
 */
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7) % 256));

/** GET `url` with the Host header a proxy in front of the store would pass on. */
function getWithHost(url: string, host: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
  /** The URL that answered: the API's, or the bucket's it redirected to. */
  url: string;
}

describe.each<StorageBackend>(['disk', 's3'])('the %s storage adapter', (backend) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let storage: StorageService;

  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await createTestApp(s3 ? { STORAGE: 's3', ...s3.env } : {});
    storage = t.app.get(StorageService);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const fetchUrl = async (url: string, headers: Record<string, string>): Promise<Answer> => {
    const res = await fetch(url, { headers, redirect: 'manual' });
    return { status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()), url };
  };

  /** GET a signed API URL as a browser would, following the redirect to the bucket. */
  const get = async (url: string, headers: Record<string, string> = {}): Promise<Answer> => {
    const req = t.http
      .get(url)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    for (const [k, v] of Object.entries(headers)) req.set(k, v);
    const res = await req;
    // The bucket's files are always a redirect (an invalid link is the API's 404); the disk's never.
    expect(res.status === 302).toBe(backend === 's3' && res.status !== 404);
    if (res.status === 302) {
      expect(res.headers.location.startsWith(`${s3!.endpoint}/${s3!.bucket}/`)).toBe(true);
      return fetchUrl(res.headers.location, headers);
    }
    return { status: res.status, headers: res.headers as Record<string, string>, body: res.body as Buffer, url };
  };

  const save = (originalName: string, contentType: string) => storage.save({ data: bytes, originalName, contentType, purpose: 'test' });

  it('counts in readiness: ready while the store takes files', async () => {
    const ready = await t.http.get('/api/health/ready').expect(200);
    expect(ready.body.checks.storage).toMatchObject({ status: 'up' });
  });

  it('keeps a received file streamed from disk (saveFile), recorded with its size, and reads the bytes back', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'received-')), 'upload');
    writeFileSync(path, bytes);
    const file = await storage.saveFile(path, { originalName: 'work.zip', contentType: 'application/zip', purpose: 'test' });
    expect(file).toMatchObject({ backend, size_bytes: String(bytes.length), original_name: 'work.zip' });
    expect(await storage.read(file)).toEqual(bytes);
  });

  it('uploads to its own store, recorded as such, and reads the bytes back', async () => {
    const file = await save('notes.pdf', 'application/pdf');
    expect(file.backend).toBe(backend);
    const [row] = await t.ds.query(`SELECT backend FROM stored_files WHERE id_slug = $1`, [file.id_slug]);
    expect(row.backend).toBe(backend);
    // Only the disk adapter writes under DATA_DIR/uploads.
    expect(existsSync(storage.pathOf(file.storage_key))).toBe(backend === 'disk');
    expect(Buffer.compare((await storage.read(file))!, bytes)).toBe(0);
  });

  it('serves a file by its signed URL with its content type and an inline disposition', async () => {
    const file = await save('Lab notes é.pdf', 'application/pdf');
    const res = await get(storage.signedUrl(file.id_slug));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="Lab notes e.pdf"; filename*=UTF-8''Lab%20notes%20%C3%A9.pdf`);
    expect(Buffer.compare(res.body, bytes)).toBe(0);
  });

  it('asks for a download when signed for one', async () => {
    const file = await save('cv.pdf', 'application/pdf');
    const res = await get(storage.signedUrl(file.id_slug, { download: true }));
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`);
  });

  it('reads by range, through the adapter and over HTTP so players can seek', async () => {
    const file = await save('clip.mp4', 'video/mp4');
    expect(Buffer.compare((await storage.read(file, { start: 100, end: 199 }))!, bytes.subarray(100, 200))).toBe(0);
    expect(Buffer.compare((await storage.read(file, { start: 900, end: 5000 }))!, bytes.subarray(900))).toBe(0);
    const res = await get(storage.signedUrl(file.id_slug), { Range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(Buffer.compare(res.body, bytes.subarray(100, 200))).toBe(0);
    expect((await get(storage.signedUrl(file.id_slug), { Range: 'bytes=5000-6000' })).status).toBe(416);
  });

  it('serves captions like every file: from the bucket by a redirect the player follows with CORS', async () => {
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWafer\n');
    const file = await storage.save({ data: vtt, originalName: 'clip.vtt', contentType: 'text/vtt', purpose: FILE_PURPOSE.lessonCaptions });
    const res = await get(storage.signedUrl(file.id_slug));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/vtt/);
    expect(res.body.toString()).toBe(vtt.toString());
    await storage.removeFiles([file.storage_key]);
    expect((await get(storage.signedUrl(file.id_slug))).status).toBe(404);
  });

  it('stops answering once the URL has expired', async () => {
    const file = await save('reading.pdf', 'application/pdf');
    // Long enough for both hops (the API's URL, then the bucket's) on a busy machine; expiry is in whole seconds.
    const fresh = await get(storage.signedUrl(file.id_slug, { ttlSeconds: 4 }));
    expect(fresh.status).toBe(200);
    await new Promise((r) => setTimeout(r, 5500));
    // The URL that answered (the API's, or the bucket's presigned one) no longer does.
    const again = backend === 's3' ? await fetchUrl(fresh.url, {}) : await get(fresh.url);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body.includes(bytes.subarray(0, 64))).toBe(false);
    expect((await get(storage.signedUrl(file.id_slug, { now: Date.now() - 3_600_000, ttlSeconds: 60 }))).status).toBe(404);
  });

  it('deletes files: removed bytes are gone from the store and from their URL', async () => {
    const file = await save('gone.pdf', 'application/pdf');
    const kept = await save('kept.pdf', 'application/pdf');
    await storage.removeFiles([file.storage_key, 'never-stored']);
    expect(await storage.read(file)).toBeNull();
    expect((await get(storage.signedUrl(file.id_slug))).status).toBe(404);
    expect(Buffer.compare((await storage.read(kept))!, bytes)).toBe(0);
  });

  if (backend === 's3') {
    it('serves a file stored by one API process from another with its own disk, through the one bucket', async () => {
      const file = await save('shared.pdf', 'application/pdf');
      const config = loadConfig({
        NODE_ENV: 'test',
        SERVE_APPS: 'false',
        COOKIE_SECURE: 'false',
        JWT_SECRET: t.config.JWT_SECRET!,
        STORAGE: 's3',
        ...s3!.env,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'school-other-replica-')),
      });
      const other = await createApp(config, t.ds);
      await other.init();
      try {
        const res = await request(other.getHttpServer()).get(storage.signedUrl(file.id_slug)).expect(302);
        const answer = await fetchUrl(res.headers.location, {});
        expect(answer.status).toBe(200);
        expect(Buffer.compare(answer.body, bytes)).toBe(0);
      } finally {
        await other.close();
      }
    });

    it('is not ready while its bucket cannot be reached', async () => {
      const config = loadConfig({
        NODE_ENV: 'test',
        SERVE_APPS: 'false',
        COOKIE_SECURE: 'false',
        JWT_SECRET: t.config.JWT_SECRET!,
        STORAGE: 's3',
        ...s3!.env,
        S3_BUCKET: 'no-such-bucket',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'school-no-bucket-')),
      });
      const other = await createApp(config, t.ds);
      await other.init();
      try {
        const res = await request(other.getHttpServer()).get('/api/health/ready').expect(503);
        expect(res.body.checks.storage).toMatchObject({ status: 'down' });
      } finally {
        await other.close();
      }
    });

    it('reaches the bucket at its internal endpoint and signs file URLs for the public one browsers reach', async () => {
      // As in docker-compose.yml: the API calls the store directly, browsers reach it through the proxy's files host.
      // Here an address nothing answers at (port 9), on a host s3rver reads path-style as MinIO does.
      const publicEndpoint = 'http://localhost:9';
      const config = loadConfig({
        NODE_ENV: 'test',
        SERVE_APPS: 'false',
        COOKIE_SECURE: 'false',
        JWT_SECRET: t.config.JWT_SECRET!,
        STORAGE: 's3',
        ...s3!.env,
        S3_PUBLIC_ENDPOINT: publicEndpoint,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'school-public-endpoint-')),
      });
      const other = await createApp(config, t.ds);
      await other.init();
      try {
        // Ready without the public address answering: no start-up cycle with the proxy in front of the store.
        const ready = await request(other.getHttpServer()).get('/api/health/ready').expect(200);
        expect(ready.body.checks.storage).toMatchObject({ status: 'up' });
        const csp = ready.headers['content-security-policy'] as string;
        expect(csp).toMatch(/media-src [^;]*http:\/\/localhost:9[ ;]/);
        const file = await save('public.pdf', 'application/pdf');
        const res = await request(other.getHttpServer()).get(storage.signedUrl(file.id_slug)).expect(302);
        const location = new URL(res.headers.location);
        expect(location.origin).toBe(publicEndpoint);
        // The proxy passes the public Host on unchanged: the store accepts the signature made for it.
        const viaProxy = await getWithHost(`${s3!.endpoint}${location.pathname}${location.search}`, location.host);
        expect(viaProxy.status).toBe(200);
        expect(Buffer.compare(viaProxy.body, bytes)).toBe(0);
      } finally {
        await other.close();
      }
    });

    it('lets the apps load files from the bucket under the Content-Security-Policy', async () => {
      const csp = (await t.http.get('/api/health')).headers['content-security-policy'] as string;
      for (const directive of ['media-src', 'img-src', 'connect-src', 'frame-src']) {
        expect(csp).toMatch(new RegExp(`${directive} [^;]*${s3!.endpoint.replace(/[.:/]/g, '\\$&')}`));
      }
    });
  }
});
