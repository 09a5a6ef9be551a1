import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp4File } from '../fixtures/media.fixtures';
import { buildCourse } from '../fixtures/learning.fixtures';
import { startS3Server, type TestS3Server } from '../s3-server';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { CHUNK_SIZE } from '../../src/modules/lesson-media/lesson-media.service';
import { StorageService } from '../../src/platform/storage/storage.service';
import { UploadSweeps } from '../../src/platform/storage/upload-sweeps';

const UPLOADS = '/api/lessons/media/uploads/';
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n');
const PDF = Buffer.from('%PDF-1.4\n% a reading\n%%EOF\n');

describe.each(['disk', 's3'] as const)('the hourly sweep of lesson uploads (%s)', (backend) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let admin: TestUser;
  let storage: StorageService;

  beforeAll(async () => {
    s3 = backend === 's3' ? await startS3Server() : undefined;
    t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', ...(s3 ? { STORAGE: 's3', ...s3.env } : {}) });
    admin = await createUser(t, { role: 'ADMIN' });
    storage = t.app.get(StorageService);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const start = async (kind: string, name: string, size: number) =>
    (await t.http.post(UPLOADS).set(bearer(admin)).send({ kind, file_name: name, size_bytes: size }).expect(201)).body.id_slug as string;
  const chunk = (id: string, offset: number, data: Buffer) =>
    t.http.put(`${UPLOADS}${id}/chunks/${offset}`).set(bearer(admin)).set('Content-Type', 'application/octet-stream').send(data);
  /** An upload's row (null once swept). */
  const uploadRow = async (id: string) =>
    ((await t.ds.query(`SELECT storage_key, multipart_upload_id FROM lesson_media_uploads WHERE id_slug = $1`, [id]))[0] ?? null) as {
      storage_key: string;
      multipart_upload_id: string | null;
    } | null;
  /** A video sent up to its first chunk only, as a closed laptop leaves it. */
  const unfinished = async () => {
    const id = await start('video', 'cut.mp4', CHUNK_SIZE + 100);
    await chunk(id, 0, mp4File({ seconds: 10, mediaBytes: CHUNK_SIZE + 100 }).subarray(0, CHUNK_SIZE)).expect(200);
    return { id, ...(await uploadRow(id))! };
  };
  const finished = async (kind: string, name: string, data: Buffer) => {
    const id = await start(kind, name, data.length);
    const file = (await chunk(id, 0, data).expect(200)).body.file as { id_slug: string };
    const [row] = await t.ds.query(`SELECT storage_key FROM stored_files WHERE id_slug = $1`, [file.id_slug]);
    return { upload: id, slug: file.id_slug, key: row.storage_key as string };
  };
  const ageUpload = (id: string, hours: number) =>
    t.ds.query(`UPDATE lesson_media_uploads SET updated_at = now() - make_interval(hours => $2) WHERE id_slug = $1`, [id, hours]);
  const ageFile = (slug: string, hours: number) =>
    t.ds.query(`UPDATE stored_files SET created_date = now() - make_interval(hours => $2) WHERE id_slug = $1`, [slug, hours]);
  /** Whether the bytes so far of an unfinished upload are still kept (the partial file, or the open multipart upload). */
  const partsKept = (u: { storage_key: string; multipart_upload_id: string | null }) =>
    backend === 's3' ? s3!.multipartUploads().includes(u.multipart_upload_id!) : existsSync(storage.pathOf(u.storage_key));
  const bytesKept = async (key: string) => (await storage.adapter(backend).read(key, { start: 0, end: 0 })) !== null;
  const fileRow = async (slug: string) => (await t.ds.query(`SELECT 1 FROM stored_files WHERE id_slug = $1`, [slug])).length === 1;

  it('removes unfinished uploads a day old (aborting their parts) and finished lesson media no lesson uses after a day', async () => {
    const stale = await unfinished();
    const fresh = await unfinished();
    expect(partsKept(stale)).toBe(true);
    await ageUpload(stale.id, 25);
    await ageUpload(fresh.id, 23);

    const unused = await finished('reading', 'unused.pdf', PDF);
    const youngUnused = await finished('reading', 'young.pdf', PDF);
    const video = await finished('video', 'used.mp4', mp4File({ seconds: 4 }));
    const captions = await finished('captions', 'used.vtt', VTT);
    const reading = await finished('reading', 'used.pdf', PDF);
    await buildCourse(t, admin, {
      title: `Etching ${backend}`,
      modules: [
        {
          title: 'Wet etching',
          lessons: [
            { title: 'Watch', type: 'VIDEO', video: video.slug, captions: captions.slug },
            { title: 'Read', type: 'READING', readings: [reading.slug] },
          ],
        },
      ],
    });
    for (const f of [unused, video, captions, reading]) await ageFile(f.slug, 25);
    await ageFile(youngUnused.slug, 23);

    // The recurring job's work: every module's sweep.
    expect(await t.app.get(UploadSweeps).sweep()).toBe(2);

    expect(await uploadRow(stale.id)).toBeNull();
    expect(partsKept(stale)).toBe(false);
    await t.http.get(`${UPLOADS}${stale.id}`).set(bearer(admin)).expect(404);
    await chunk(stale.id, CHUNK_SIZE, Buffer.alloc(100)).expect(404);

    expect(await fileRow(unused.slug)).toBe(false);
    expect(await uploadRow(unused.upload)).toBeNull();
    expect(await bytesKept(unused.key)).toBe(false);

    expect(await uploadRow(fresh.id)).not.toBeNull();
    expect(partsKept(fresh)).toBe(true);
    for (const kept of [youngUnused, video, captions, reading]) {
      expect(await fileRow(kept.slug)).toBe(true);
      expect(await bytesKept(kept.key)).toBe(true);
    }
    // The fresh upload still goes on where it stood.
    expect((await t.http.get(`${UPLOADS}${fresh.id}`).set(bearer(admin)).expect(200)).body.offset).toBe(CHUNK_SIZE);

    // Nothing is left to sweep.
    expect(await t.app.get(UploadSweeps).sweep()).toBe(0);
  });

  it('is run by one API process at a time (a PostgreSQL advisory lock)', async () => {
    const stale = await unfinished();
    await ageUpload(stale.id, 30);
    const holder = await t.ds.createQueryRunner();
    await holder.connect();
    try {
      await holder.startTransaction();
      await holder.query(`SELECT pg_advisory_xact_lock(hashtext('lesson_media_uploads:sweep'))`);
      expect(await t.app.get(UploadSweeps).sweep()).toBe(0);
      expect(await uploadRow(stale.id)).not.toBeNull();
      await holder.commitTransaction();
    } finally {
      await holder.release();
    }
    const sweeps = t.app.get(UploadSweeps);
    const [a, b] = await Promise.all([sweeps.sweep(), sweeps.sweep()]);
    expect(a + b).toBe(1);
    expect(await uploadRow(stale.id)).toBeNull();
    expect(partsKept(stale)).toBe(false);
  });
});
