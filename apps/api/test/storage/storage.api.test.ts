import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { StorageService } from '../../src/platform/storage/storage.service';

let t: TestApp;
let storage: StorageService;
beforeAll(async () => {
  // The default layout: DATA_DIR is .data, a dot-folder, somewhere in the files' absolute path.
  t = await createTestApp({ DATA_DIR: join(mkdtempSync(join(tmpdir(), 'school-storage-')), '.data') });
  storage = t.app.get(StorageService);
});
afterAll(async () => t?.close());

const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

describe('signed file URLs', () => {
  it('serves a stored file with its type, nosniff and an inline disposition', async () => {
    const file = await storage.save({ data: bytes, originalName: 'notes.pdf', contentType: 'application/pdf', purpose: 'test' });
    const res = await t.http
      .get(storage.signedUrl(file.id_slug))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="notes\.pdf"; filename\*=UTF-8''notes\.pdf$/);
    expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
  });

  it('answers range requests so players can seek', async () => {
    const file = await storage.save({ data: bytes, originalName: 'clip.mp4', contentType: 'video/mp4', purpose: 'test' });
    const res = await t.http.get(storage.signedUrl(file.id_slug)).set('Range', 'bytes=100-199').expect(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
  });

  it('keeps files under the default dot-folder DATA_DIR and serves them from there', async () => {
    expect(storage.directory).toMatch(/[/\\]\.data[/\\]uploads$/);
    const file = await storage.save({ data: bytes, originalName: 'reading.pdf', contentType: 'application/pdf', purpose: 'test' });
    const res = await t.http.get(storage.signedUrl(file.id_slug)).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe('1000');
  });

  it('answers a range past the end with 416 and the size, not 404', async () => {
    const file = await storage.save({ data: bytes, originalName: 'clip.mp4', contentType: 'video/mp4', purpose: 'test' });
    const res = await t.http.get(storage.signedUrl(file.id_slug)).set('Range', 'bytes=5000-6000').expect(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
  });

  it('asks for a download when signed for one', async () => {
    const file = await storage.save({ data: bytes, originalName: 'cv.pdf', contentType: 'application/pdf', purpose: 'test' });
    const res = await t.http.get(storage.signedUrl(file.id_slug, { download: true })).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a tampered, expired or re-targeted signature', async () => {
    const a = await storage.save({ data: bytes, originalName: 'a.pdf', contentType: 'application/pdf', purpose: 'test' });
    const b = await storage.save({ data: bytes, originalName: 'b.pdf', contentType: 'application/pdf', purpose: 'test' });
    const url = storage.signedUrl(a.id_slug);
    await t.http.get(url.replace(/sig=[^&]+/, 'sig=forged')).expect(404);
    await t.http.get(url.replace(a.id_slug, b.id_slug)).expect(404);
    await t.http.get(url.replace('dl=0', 'dl=1')).expect(404);
    await t.http.get(storage.signedUrl(a.id_slug, { now: Date.now() - 3_600_000, ttlSeconds: 60 })).expect(404);
    await t.http.get(`/api/files/${a.id_slug}`).expect(404);
  });
});
