import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../src/common/disk-full';
import { CHUNK_SIZE } from '../../src/modules/lesson-media/lesson-media.service';
import { mp4File } from '../fixtures/media.fixtures';
import { bearer, createTestApp, createUser, type TestApp } from '../test-app';

/**
 * The API with DATA_DIR/uploads on a 4 MB tmpfs (a mount needs root, as CI runs), filled up by
 * the test: uploads are refused as a full disk, health stays truthful, and all recovers once
 * space is freed.
 */
describe('a full disk under DATA_DIR', () => {
  let dataDir: string;
  let uploads: string;
  let filler: string;
  let t: TestApp;

  const pdf = () => Buffer.from(`%PDF-1.7\n${'x'.repeat(200_000)}\n%%EOF\n`);
  const upload = () =>
    t.http.post('/api/upload/file_upload/').attach('file', pdf(), { filename: 'resume.pdf', contentType: 'application/pdf' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'school-disk-full-'));
    uploads = join(dataDir, 'uploads');
    mkdirSync(uploads);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', uploads]);
    filler = join(uploads, 'filler');
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t?.close();
    try {
      execFileSync('umount', [uploads]);
    } catch {
      // not mounted
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Writes zeros into a file of the tmpfs until it refuses for lack of space (the fault). */
  const fillDisk = () => {
    const fd = openSync(filler, 'w');
    const block = Buffer.alloc(64 * 1024);
    try {
      for (;;) writeSync(fd, block);
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
  };

  it('answers an upload 507 naming disk space, keeps health truthful, and takes uploads again once space is freed', async () => {
    await upload().expect(201);
    fillDisk();

    const refused = await upload();
    expect(refused.status).toBe(507);
    expect(refused.body).toEqual({ message: DISK_FULL_MESSAGE });
    expect(refused.headers['retry-after']).toBeDefined();

    // The database is up; the storage is down because it is full.
    const health = await t.http.get('/api/health').expect(200);
    expect(health.body).toMatchObject({ status: 'ok', database: { status: 'up' } });
    const ready = await t.http.get('/api/health/ready').expect(503);
    expect(ready.body).toMatchObject({
      status: 'error',
      database: { status: 'up' },
      checks: { storage: { status: 'down', reason: 'full' } },
    });

    // A lesson video's first chunk, streamed onto the full disk: a full disk, not a chunk cut off.
    const admin = await createUser(t, { role: 'ADMIN' });
    const video = mp4File({ seconds: 10, mediaBytes: CHUNK_SIZE + 100 });
    const started = await t.http
      .post('/api/lessons/media/uploads/')
      .set(bearer(admin))
      .send({ kind: 'video', file_name: 'intro.mp4', size_bytes: video.length })
      .expect(201);
    const chunk = await t.http
      .put(`/api/lessons/media/uploads/${started.body.id_slug}/chunks/0`)
      .set(bearer(admin))
      .set('Content-Type', 'application/octet-stream')
      .send(video.subarray(0, CHUNK_SIZE));
    expect(chunk.body).toEqual({ message: DISK_FULL_MESSAGE });
    expect(chunk.status).toBe(507);

    rmSync(filler);
    await upload().expect(201);
    const readyAgain = await t.http.get('/api/health/ready').expect(200);
    expect(readyAgain.body.checks.storage.status).toBe('up');
  }, 60_000);
});
