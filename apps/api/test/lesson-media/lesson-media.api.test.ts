import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mp4File } from '../fixtures/media.fixtures';
import { startS3Server, type TestS3Server } from '../s3-server';
import { bearer, createTestApp, createUser, startSecondInstance, type TestApp, type TestUser } from '../test-app';
import { StorageService } from '../../src/platform/storage/storage.service';
import { CHUNK_CLAIMED_MESSAGE, CHUNK_SIZE } from '../../src/modules/lesson-media/lesson-media.service';

const UPLOADS = '/api/lessons/media/uploads/';

/** A video of two chunks (the moov box, with 95.5 s, at the end, as recorders write it). */
const video = mp4File({ seconds: 95.5, mediaBytes: CHUNK_SIZE + 1000 });

describe.each(['disk', 's3'] as const)('resumable lesson media uploads (%s)', (backend) => {
  let s3: TestS3Server | undefined;
  let t: TestApp;
  let replica: Pick<TestApp, 'http' | 'close'>;
  let admin: TestUser;
  let port: number;

  beforeAll(async () => {
    s3 = backend === 's3' ? await startS3Server() : undefined;
    t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', ...(s3 ? { STORAGE: 's3', ...s3.env } : {}) });
    replica = await startSecondInstance(t);
    admin = await createUser(t, { role: 'ADMIN' });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
    await s3?.close();
  });

  const start = (body: object, as: TestUser = admin) => t.http.post(UPLOADS).set(bearer(as)).send(body);
  const sendChunk = (http: TestApp['http'], id: string, offset: number, data: Buffer) =>
    http.put(`${UPLOADS}${id}/chunks/${offset}`).set(bearer(admin)).set('Content-Type', 'application/octet-stream').send(data);

  /** Sends part of a chunk over a raw connection and drops it, as a lost network would. */
  async function sendCutOff(id: string, offset: number, chunk: Buffer, sent: number): Promise<void> {
    const req = httpRequest({
      // A connection of its own: a pooled keep-alive one the server is closing would end in EPIPE.
      agent: false,
      host: '127.0.0.1',
      port,
      method: 'PUT',
      path: `${UPLOADS}${id}/chunks/${offset}`,
      headers: { ...bearer(admin), 'Content-Type': 'application/octet-stream', 'Content-Length': String(chunk.length) },
    });
    req.on('error', () => undefined);
    req.write(chunk.subarray(0, sent));
    // Cut once the server has claimed the chunk, and go on once it has let the claim go, as a client retrying would find it.
    await claimIs(id, true);
    req.destroy();
    await claimIs(id, false);
  }

  /** Until the upload's chunk is claimed by a request (or no longer is). */
  async function claimIs(id: string, claimed: boolean): Promise<void> {
    for (let end = Date.now() + 30_000; Date.now() < end; await sleep(50)) {
      const [row] = await t.ds.query(`SELECT chunk_claim FROM lesson_media_uploads WHERE id_slug = $1`, [id]);
      if (Boolean(row.chunk_claim) === claimed) return;
    }
    throw new Error(`the chunk of upload ${id} was ${claimed ? 'never claimed' : 'still claimed after 30 s'}`);
  }

  it('takes a video in chunks, survives a dropped connection, resumes on another replica and reads its duration', async () => {
    const started = await start({ kind: 'video', file_name: 'Lecture 1.mp4', size_bytes: video.length }).expect(201);
    expect(started.body).toMatchObject({ offset: 0, chunk_size: CHUNK_SIZE, size_bytes: video.length, file: null });
    const id = started.body.id_slug as string;

    // The first chunk is cut off half-way: nothing of it counts.
    await sendCutOff(id, 0, video.subarray(0, CHUNK_SIZE), 1024 * 1024);
    expect((await t.http.get(`${UPLOADS}${id}`).set(bearer(admin)).expect(200)).body.offset).toBe(0);

    const first = await sendChunk(t.http, id, 0, video.subarray(0, CHUNK_SIZE)).expect(200);
    expect(first.body).toMatchObject({ offset: CHUNK_SIZE, file: null });

    // The second (last) chunk is cut off too; the other replica says where to go on.
    await sendCutOff(id, CHUNK_SIZE, video.subarray(CHUNK_SIZE), 500);
    const state = await replica.http.get(`${UPLOADS}${id}`).set(bearer(admin)).expect(200);
    expect(state.body.offset).toBe(CHUNK_SIZE);

    // A chunk from the wrong place is refused with where the upload stands.
    const wrong = await sendChunk(replica.http, id, 0, video.subarray(0, CHUNK_SIZE)).expect(409);
    expect(wrong.body.message).toBe(`This upload continues at byte ${CHUNK_SIZE}.`);

    const done = await sendChunk(replica.http, id, CHUNK_SIZE, video.subarray(CHUNK_SIZE)).expect(200);
    expect(done.body.offset).toBe(video.length);
    expect(done.body.file).toMatchObject({ original_name: 'Lecture 1.mp4', duration_seconds: 95.5 });

    const storage = t.app.get(StorageService);
    const file = (await storage.find(done.body.file.id_slug))!;
    expect(file).toMatchObject({ purpose: 'lesson-video', content_type: 'video/mp4', backend, size_bytes: String(video.length) });
    expect(Buffer.compare((await storage.read(file))!, video)).toBe(0);
    const [row] = await t.ds.query(`SELECT duration_seconds FROM stored_files WHERE id_slug = $1`, [file.id_slug]);
    expect(row.duration_seconds).toBe(95.5);
  });

  it('takes captions and a reading in one chunk each', async () => {
    const vtt = Buffer.from('WEBVTT\n\n00:00.000 --> 00:02.000\nWafers and dies\n');
    const c = await start({ kind: 'captions', file_name: 'lecture.vtt', size_bytes: vtt.length }).expect(201);
    const captions = await sendChunk(t.http, c.body.id_slug, 0, vtt).expect(200);
    expect(captions.body.file).toMatchObject({ original_name: 'lecture.vtt', duration_seconds: null });
    const pdf = Buffer.from('%PDF-1.4\n% a reading\n%%EOF\n');
    const r = await start({ kind: 'reading', file_name: 'notes.pdf', size_bytes: pdf.length }).expect(201);
    const reading = await sendChunk(t.http, r.body.id_slug, 0, pdf).expect(200);
    const file = await t.app.get(StorageService).find(reading.body.file.id_slug);
    expect(file).toMatchObject({ purpose: 'lesson-reading', content_type: 'application/pdf' });
  });

  it.each([
    ['video', Buffer.from('%PDF-1.4\n% renamed to .mp4\n%%EOF\n'), 'This file is not an mp4 video.'],
    [
      'captions',
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nSubRip\n'),
      'This file is not a WebVTT captions file (it must start with WEBVTT).',
    ],
    ['reading', mp4File({ seconds: 1 }), 'This file is not a PDF document.'],
  ] as const)('refuses a %s whose content is something else (415) and forgets the upload', async (kind, data, message) => {
    const started = await start({ kind, file_name: 'file', size_bytes: data.length }).expect(201);
    const res = await sendChunk(t.http, started.body.id_slug, 0, data).expect(415);
    expect(res.body.message).toBe(message);
    await t.http.get(`${UPLOADS}${started.body.id_slug}`).set(bearer(admin)).expect(404);
  });

  it('refuses an mp4 without a movie header (no duration) with 422', async () => {
    const data = mp4File({ seconds: 3 }).subarray(0, 100);
    const started = await start({ kind: 'video', file_name: 'broken.mp4', size_bytes: data.length }).expect(201);
    const res = await sendChunk(t.http, started.body.id_slug, 0, data).expect(422);
    expect(res.body.message).toMatch(/no readable duration/);
  });

  it('refuses files over the size limit before any byte, and chunks longer than announced', async () => {
    const big = await start({ kind: 'video', file_name: 'huge.mp4', size_bytes: 2 * 1024 ** 3 + 1 }).expect(413);
    expect(big.body).toMatchObject({ message: 'A lesson video may be at most 2 GB.', errors: { size_bytes: 'At most 2 GB' } });
    await start({ kind: 'video', file_name: 'max.mp4', size_bytes: 2 * 1024 ** 3 }).expect(201);
    const reading = await start({ kind: 'reading', file_name: 'huge.pdf', size_bytes: 100 * 1024 ** 2 + 1 }).expect(413);
    expect(reading.body.message).toBe('A reading may be at most 100 MB.');
    await start({ kind: 'captions', file_name: 'huge.vtt', size_bytes: 2 * 1024 ** 2 + 1 }).expect(413);

    const small = await start({ kind: 'reading', file_name: 'a.pdf', size_bytes: 10 }).expect(201);
    const over = await sendChunk(t.http, small.body.id_slug, 0, Buffer.from('%PDF-1.4 and much more than ten bytes')).expect(413);
    expect(over.body.message).toBe('The chunk at byte 0 must be 10 bytes long.');
    await start({ kind: 'audio', file_name: 'a.mp3', size_bytes: 10 }).expect(400);
  });

  afterEach(() => vi.restoreAllMocks());

  /** The video's first chunk stored, then its last chunk, whose completion meets `fault`. */
  async function lastChunkFails(fault: () => void) {
    const started = await start({ kind: 'video', file_name: 'Cut.mp4', size_bytes: video.length }).expect(201);
    const id = started.body.id_slug as string;
    await sendChunk(t.http, id, 0, video.subarray(0, CHUNK_SIZE)).expect(200);
    fault();
    await sendChunk(t.http, id, CHUNK_SIZE, video.subarray(CHUNK_SIZE)).expect(500);
    vi.restoreAllMocks();
    // Every byte arrived, no file is recorded: the client goes on with an empty chunk at the end.
    const state = (await t.http.get(`${UPLOADS}${id}`).set(bearer(admin)).expect(200)).body;
    expect(state).toMatchObject({ offset: video.length, file: null });
    return id;
  }

  async function resumesWhole(id: string) {
    const done = await sendChunk(t.http, id, video.length, Buffer.alloc(0)).expect(200);
    expect(done.body.file).toMatchObject({ original_name: 'Cut.mp4', duration_seconds: 95.5 });
    const storage = t.app.get(StorageService);
    const file = (await storage.find(done.body.file.id_slug))!;
    expect(file.size_bytes).toBe(String(video.length));
    expect(Buffer.compare((await storage.read(file))!, video)).toBe(0);
    // Once recorded, the same empty chunk answers the same file; one file only.
    const again = await sendChunk(t.http, id, video.length, Buffer.alloc(0)).expect(200);
    expect(again.body.file.id_slug).toBe(done.body.file.id_slug);
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM stored_files WHERE original_name = 'Cut.mp4' AND id_slug = $1`, [
      done.body.file.id_slug,
    ]);
    expect(n).toBe(1);
  }

  it('finishes an upload whose completion was cut before the parts were joined, writing nothing for the empty last chunk', async () => {
    const adapter = t.app.get(StorageService).adapter(backend);
    const id = await lastChunkFails(() => vi.spyOn(adapter, 'finishParts').mockRejectedValueOnce(new Error('process killed')));
    const writes = vi.spyOn(adapter, 'writePart');
    await resumesWhole(id);
    expect(writes).not.toHaveBeenCalled();
  });

  it('finishes an upload whose file was joined in storage but not recorded (a crash between the two)', async () => {
    const storage = t.app.get(StorageService);
    const id = await lastChunkFails(() => vi.spyOn(storage, 'record').mockRejectedValueOnce(new Error('process killed')));
    await resumesWhole(id);
  });

  it('lets one request at a time write a chunk: a second one for the same chunk is refused while the first runs', async () => {
    const started = await start({ kind: 'video', file_name: 'Twice.mp4', size_bytes: video.length }).expect(201);
    const id = started.body.id_slug as string;
    const chunk = video.subarray(0, CHUNK_SIZE);
    // The first request sends half its chunk and waits.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          // A connection of its own: a pooled keep-alive one the server is closing would end in EPIPE.
          agent: false,
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: `${UPLOADS}${id}/chunks/0`,
          headers: { ...bearer(admin), 'Content-Type': 'application/octet-stream', 'Content-Length': String(chunk.length) },
        },
        (res) => {
          answered = true;
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      // An early answer closes the connection under the rest of the body (EPIPE): the answer is what counts.
      let answered = false;
      let failed: Error | undefined;
      req.on('error', (e) => (failed = e));
      req.on('close', () => !answered && reject(failed ?? new Error('closed without an answer')));
      req.write(chunk.subarray(0, CHUNK_SIZE / 2));
      void (async () => {
        // Until the chunk is claimed: then a second request with other bytes for the same chunk.
        for (let i = 0; i < 100; i++) {
          const [row] = await t.ds.query(`SELECT chunk_claim FROM lesson_media_uploads WHERE id_slug = $1`, [id]);
          if (row.chunk_claim) break;
          await sleep(100);
        }
        const other = Buffer.from(chunk);
        other.fill(7, 4096);
        const second = await sendChunk(replica.http, id, 0, other).expect(409);
        expect(second.body.message).toBe(CHUNK_CLAIMED_MESSAGE(0));
        req.end(chunk.subarray(CHUNK_SIZE / 2));
      })().catch(reject);
    });
    expect(await answer).toMatchObject({ status: 200 });
    const state = (await t.http.get(`${UPLOADS}${id}`).set(bearer(admin)).expect(200)).body;
    expect(state.offset).toBe(CHUNK_SIZE);
    const done = await sendChunk(t.http, id, CHUNK_SIZE, video.subarray(CHUNK_SIZE)).expect(200);
    const storage = t.app.get(StorageService);
    expect(Buffer.compare((await storage.read((await storage.find(done.body.file.id_slug))!))!, video)).toBe(0);
  });

  it("answers another admin's upload as not found: they can neither read where it stands nor write its chunks", async () => {
    const other = await createUser(t, { role: 'ADMIN' });
    const pdf = Buffer.from('%PDF-1.4\n% a reading\n%%EOF\n');
    const started = await start({ kind: 'reading', file_name: 'mine.pdf', size_bytes: pdf.length }).expect(201);
    const id = started.body.id_slug as string;
    expect((await t.http.get(`${UPLOADS}${id}`).set(bearer(other)).expect(404)).body.message).toBe('This upload does not exist.');
    await t.http.put(`${UPLOADS}${id}/chunks/0`).set(bearer(other)).set('Content-Type', 'application/octet-stream').send(pdf).expect(404);
    expect((await t.http.get(`${UPLOADS}${id}`).set(bearer(admin)).expect(200)).body).toMatchObject({ offset: 0, file: null });
    await sendChunk(t.http, id, 0, pdf).expect(200);
  });

  it('lets only admins upload lesson media', async () => {
    const started = await start({ kind: 'reading', file_name: 'a.pdf', size_bytes: 9 }).expect(201);
    for (const role of ['STUDENT', 'INSTRUCTOR'] as const) {
      const user = await createUser(t, { role });
      await start({ kind: 'reading', file_name: 'a.pdf', size_bytes: 9 }, user).expect(403);
      await t.http.get(`${UPLOADS}${started.body.id_slug}`).set(bearer(user)).expect(403);
      await t.http
        .put(`${UPLOADS}${started.body.id_slug}/chunks/0`)
        .set(bearer(user))
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from('%PDF-1.4\n'))
        .expect(403);
    }
    await t.http.post(UPLOADS).send({ kind: 'reading', file_name: 'a.pdf', size_bytes: 9 }).expect(401);
    expect((await t.http.get(`${UPLOADS}${started.body.id_slug}`).set(bearer(admin)).expect(200)).body.offset).toBe(0);
  });
});
