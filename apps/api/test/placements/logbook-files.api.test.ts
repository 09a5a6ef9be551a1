import { LOGBOOK_MAX_FILES, LOGBOOK_MESSAGES, LogbookResponseSchema, LogbookWeekResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogbookService } from '../../src/modules/placements/logbook.service';
import { placedTrainees } from '../fixtures/placement.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Files a trainee attaches to a logbook week as evidence: PDF, JPEG or PNG by their content, at most
 * 5 MB each and 10 a week, added and removed only while the week can be changed; the supervisor's
 * link shows them; the evidence pack names them; they go with the trainee's account, and a sweep
 * removes those whose week is gone.
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let aina: TestUser;
let badrul: TestUser;
let cohort: string;
let placement: Map<string, string>;
const tag = Math.random().toString(36).slice(2, 8);
const supervisorOf = (s: TestUser) => `sup-${s.id_slug}-${tag}@host.test`;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Coach', last_name: 'Files' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Files' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Files' });
  ({ cohort, placement } = await placedTrainees(t, admin, { tag, coach, trainees: [aina, badrul], supervisorOf }));
});
afterAll(async () => t?.close());

const base = (who: TestUser, owner = who) => `/api/placements/me/${placement.get(owner.id)}/logbook`;
const attach = (who: TestUser, week: number, data: Buffer, name: string, owner = who) =>
  t.http
    .post(`${base(who, owner)}/${week}/files`)
    .set(bearer(who))
    .attach('file', data, name);
const remove = (who: TestUser, week: number, fileId: string, owner = who) =>
  t.http.delete(`${base(who, owner)}/${week}/files/${fileId}`).set(bearer(who));
const week = async (who: TestUser, n: number) =>
  LogbookWeekResponseSchema.parse(
    (
      await t.http
        .get(`${base(who)}/${n}`)
        .set(bearer(who))
        .expect(200)
    ).body,
  ).data;
const storedCount = async (userId: string) =>
  Number(
    (
      await t.ds.query(
        `SELECT count(*) AS n FROM stored_files f JOIN users u ON u.id = f.uploaded_by WHERE u.id_slug = $1 AND f.purpose = 'logbook-file'`,
        [userId],
      )
    )[0].n,
  );
/** The supervisor's latest link for the trainee, from the development mailbox. */
async function supervisorToken(who: TestUser): Promise<string> {
  const end = Date.now() + 60_000;
  for (;;) {
    const [m] = await t.ds.query(`SELECT text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at DESC LIMIT 1`, [
      supervisorOf(who),
    ]);
    const token = m && /\/supervisor\/week\?token=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
    if (token) return token;
    if (Date.now() > end) throw new Error(`no link mailed to ${supervisorOf(who)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('files in a logbook week', { timeout: 180_000 }, () => {
  it('keeps a PDF on a week the trainee can change, and opens it through its short-lived link', async () => {
    const res = await attach(aina, 1, PDF, 'shift log.pdf').expect(201);
    const w = LogbookWeekResponseSchema.parse(res.body).data;
    expect(w.files).toEqual([
      expect.objectContaining({
        name: 'shift log.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length,
        url: expect.stringMatching(/^\/api\/files\//),
      }),
    ]);
    const file = await t.http.get(w.files[0].url).expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/pdf/);
    expect(Buffer.from(file.body as Buffer)).toEqual(PDF);
    expect((await week(aina, 1)).files.map((f) => f.name)).toEqual(['shift log.pdf']);
  });

  it('judges a file by its content, not its name, and refuses one over 5 MB', async () => {
    const before = await storedCount(aina.id_slug);
    const wrong = await attach(aina, 1, Buffer.from('not a pdf at all'), 'report.pdf').expect(400);
    expect(wrong.body).toMatchObject({ message: LOGBOOK_MESSAGES.fileType, errors: { file: LOGBOOK_MESSAGES.fileType } });
    const large = await attach(aina, 1, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    expect(large.status).toBe(413);
    // A PNG named .jpg is kept as the PNG it is.
    const png = LogbookWeekResponseSchema.parse((await attach(aina, 1, PNG, 'bench.jpg').expect(201)).body).data;
    expect(png.files.at(-1)).toMatchObject({ name: 'bench.jpg', content_type: 'image/png' });
    expect(await storedCount(aina.id_slug)).toBe(before + 1);
  });

  it('takes at most 10 files a week, and only in a week that has started', async () => {
    const have = (await week(aina, 1)).files.length;
    for (let i = have; i < LOGBOOK_MAX_FILES; i++) await attach(aina, 1, PNG, `photo-${i}.png`).expect(201);
    const over = await attach(aina, 1, PNG, 'one-too-many.png').expect(422);
    expect(over.body).toMatchObject({ message: LOGBOOK_MESSAGES.tooManyFiles, errors: { file: LOGBOOK_MESSAGES.tooManyFiles } });
    const weeks = LogbookResponseSchema.parse((await t.http.get(base(aina)).set(bearer(aina)).expect(200)).body).data.weeks;
    const future = weeks.find((w) => w.starts_on > new Date().toISOString().slice(0, 10))!;
    expect((await attach(aina, future.week, PDF, 'early.pdf').expect(400)).body.message).toBe(LOGBOOK_MESSAGES.notStarted);
    expect((await attach(aina, 59, PDF, 'never.pdf').expect(404)).body.message).toBe(LOGBOOK_MESSAGES.weekNotFound);
  });

  it('removes a file while the week can change, bytes and all', async () => {
    const w = await week(aina, 1);
    const gone = w.files.at(-1)!;
    const after = LogbookWeekResponseSchema.parse((await remove(aina, 1, gone.id_slug).expect(200)).body).data;
    expect(after.files.map((f) => f.id_slug)).not.toContain(gone.id_slug);
    await t.http.get(gone.url).expect(404);
    expect((await remove(aina, 1, gone.id_slug).expect(404)).body.message).toBe(LOGBOOK_MESSAGES.fileNotFound);
  });

  it('reaches no other trainee’s week: another student can neither add to it nor remove from it', async () => {
    const file = (await week(aina, 1)).files[0];
    await attach(badrul, 1, PDF, 'intruder.pdf', aina).expect(404);
    await remove(badrul, 1, file.id_slug, aina).expect(404);
    // Nor through their own week: the file is not in it.
    await remove(badrul, 1, file.id_slug).expect(404);
    await attach(coach, 1, PDF, 'coach.pdf', aina).expect(404);
    expect((await week(aina, 1)).files.map((f) => f.id_slug)).toContain(file.id_slug);
  });

  it('freezes the files with the submitted week, shows them to the supervisor, and frees them when the week is returned', async () => {
    const w = await week(aina, 1);
    await t.http
      .put(`${base(aina)}/1`)
      .set(bearer(aina))
      .send({ days: [{ date: w.starts_on, hours: 8, tasks: 'Wet bench', job_role: '', evidence: 'Shift log 14, attached' }] })
      .expect(200);
    await t.http
      .post(`${base(aina)}/1/submit`)
      .set(bearer(aina))
      .expect(200);
    expect((await attach(aina, 1, PDF, 'late.pdf').expect(409)).body.message).toBe(LOGBOOK_MESSAGES.notEditable);
    await remove(aina, 1, w.files[0].id_slug).expect(409);

    const token = await supervisorToken(aina);
    const seen = (await t.http.post('/api/placements/supervisor/week').send({ token }).expect(200)).body.data;
    expect(seen.files.map((f: { name: string }) => f.name)).toEqual(w.files.map((f) => f.name));
    // The supervisor has no account: the file's own link is enough.
    await t.http.get(seen.files[0].url).expect(200);

    await t.http.post('/api/placements/supervisor/week/decision').send({ token, decision: 'RETURN', comment: 'Name the lot' }).expect(200);
    await remove(aina, 1, w.files[0].id_slug).expect(200);
  });

  it('names each week’s files in the trainee’s evidence pack', async () => {
    const names = (await week(aina, 1)).files.map((f) => f.name);
    const csv = await t.http
      .get(`/api/placements/me/${placement.get(aina.id)}/evidence-pack/csv`)
      .set(bearer(aina))
      .expect(200);
    const text = Buffer.isBuffer(csv.body) ? csv.body.toString('utf8') : csv.text;
    expect(text.split('\r\n')[0]).toContain('"week_files"');
    expect(text).toContain(names.join(' | '));
  });

  it('deletes a trainee’s files with their account, and sweeps the files of a deleted cohort', async () => {
    await attach(badrul, 1, PDF, 'badrul.pdf').expect(201);
    expect(await storedCount(badrul.id_slug)).toBe(1);
    await t.http.delete(`/api/auth/admin/users/${badrul.id_slug}`).set(bearer(admin)).expect(200);
    expect(
      Number(
        (await t.ds.query(`SELECT count(*) AS n FROM stored_files WHERE purpose = 'logbook-file' AND original_name = 'badrul.pdf'`))[0].n,
      ),
    ).toBe(0);

    const kept = (await week(aina, 1)).files;
    expect(kept.length).toBeGreaterThan(0);
    const sweep = (age: string) => t.app.get(LogbookService).sweepOrphanFiles(age);
    // Files a week still holds are never swept.
    await sweep('0 seconds');
    await t.http.get(kept[0].url).expect(200);
    await t.http.delete(`/api/cohorts/admin/${cohort}`).set(bearer(admin)).expect(200);
    // Just orphaned: left an hour, in case an upload is still being recorded.
    expect(await sweep('1 hour')).toBe(0);
    expect(await sweep('0 seconds')).toBe(kept.length);
    expect(await storedCount(aina.id_slug)).toBe(0);
    await t.http.get(kept[0].url).expect(404);
  });
});
