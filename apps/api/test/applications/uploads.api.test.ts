import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { FILE_PURPOSE, StorageService } from '../../src/platform/storage/storage.service';
import { validApplication } from '../fixtures/application.fixtures';
import { UploadSweeper } from '../../src/modules/applications/upload-sweeper';

let t: TestApp;
let storage: StorageService;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  storage = t.app.get(StorageService);
});
afterAll(async () => t?.close());

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

describe('an upload declaring more than the limit', () => {
  it('is refused with 413 before its body is read', async () => {
    const server = t.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const boundary = 'x-boundary';
    // Only the first part's head is ever sent: an answer can only come from the declared length.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        // A connection of its own: a pooled keep-alive one the server is closing would end in EPIPE.
        agent: false,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload/file_upload/',
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(MAX_UPLOAD_BYTES * 4) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.setTimeout(5_000, () => reject(new Error('no answer: the server waited for the body')));
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
      );
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(FILE_TOO_LARGE_MESSAGE);
  });

  it('still takes a file of the full size, whose body is a little larger than the file', async () => {
    const full = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length, 0x20)]);
    await t.http.post('/api/upload/file_upload/').field('note', 'x'.repeat(1000)).attach('file', full, 'full.pdf').expect(201);
  });
});

describe('uploads no application refers to', () => {
  const upload = async () => {
    const url: string = (await t.http.post('/api/upload/file_upload/').attach('file', PDF, 'cv.pdf').expect(201)).body.url;
    const slug = /\/api\/files\/([^?]+)/.exec(url)![1];
    const [row] = await t.ds.query(`SELECT storage_key FROM stored_files WHERE id_slug = $1`, [slug]);
    return { url, slug, path: storage.pathOf(row.storage_key) };
  };
  const age = (slug: string, hours: number) =>
    t.ds.query(`UPDATE stored_files SET created_date = now() - make_interval(hours => $2) WHERE id_slug = $1`, [slug, hours]);
  const stored = async (slug: string) => (await t.ds.query(`SELECT 1 FROM stored_files WHERE id_slug = $1`, [slug])).length === 1;

  it('are removed, row and file, after 24 hours; referred, younger and other files stay', async () => {
    const orphan = await upload();
    const young = await upload();
    const resume = await upload();
    const transcript = await upload();
    await t.http
      .post('/api/sheet/submit-form/')
      .send({ ...validApplication(), resume: resume.url, transcript: transcript.url })
      .expect(201);
    const reading = await storage.save({
      data: PDF,
      originalName: 'r.pdf',
      contentType: 'application/pdf',
      purpose: FILE_PURPOSE.lessonReading,
    });
    for (const f of [orphan, resume, transcript, { slug: reading.id_slug }]) await age(f.slug, 25);
    await age(young.slug, 23);

    expect(await t.app.get(UploadSweeper).sweep()).toBe(1);
    expect(await stored(orphan.slug)).toBe(false);
    expect(existsSync(orphan.path)).toBe(false);
    await t.http.get(orphan.url).expect(404);
    for (const kept of [young, resume, transcript]) {
      expect(await stored(kept.slug)).toBe(true);
      expect(existsSync(kept.path)).toBe(true);
    }
    expect(await stored(reading.id_slug)).toBe(true);
  });

  it('are swept by one API process at a time (a PostgreSQL advisory lock)', async () => {
    const orphan = await upload();
    await age(orphan.slug, 30);
    const holder = await t.ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('stored_files:orphan-upload-sweep'))`);
      expect(await t.app.get(UploadSweeper).sweep()).toBe(0);
      expect(await stored(orphan.slug)).toBe(true);
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    // Released, two sweeps at once (as two processes would run them) remove it once.
    const sweeper = t.app.get(UploadSweeper);
    const [a, b] = await Promise.all([sweeper.sweep(), sweeper.sweep()]);
    expect(a + b).toBe(1);
    expect(await stored(orphan.slug)).toBe(false);
    expect(existsSync(orphan.path)).toBe(false);
  });
});
