import {
  ATTENDANCE_IMPORT_MESSAGES,
  ATTENDANCE_MESSAGES,
  AttendanceCorrectionsResponseSchema,
  AttendanceImportPreviewSchema,
  AttendanceImportResultSchema,
  LiveSessionSchema,
  RegisterResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMonth, taughtCohort } from '../fixtures/attendance.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Importing an online session's participant report: a preview matches each person to a trainee
 * (email, then name) and writes nothing; the confirmation writes the marks the session's rule gives
 * in one transaction, keeping an excused or hand-set mark unless ticked; a bad file is a 400.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let ana: TestUser;
let ben: TestUser;
let dee: TestUser;
let eve: TestUser;
let stranger: TestUser;
let n = 0;

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  ana = await createUser(t, { first_name: 'Ana', last_name: 'Lee' });
  ben = await createUser(t, { first_name: 'Ben', last_name: 'Ong' });
  dee = await createUser(t, { first_name: 'Dee', last_name: 'Tan' });
  eve = await createUser(t, { first_name: 'Eve', last_name: 'Lim' });
  stranger = await createUser(t, { first_name: 'Cy', last_name: 'Stranger' });
});
afterAll(async () => t?.close());

/** A cohort of four trainees taught by `teacher`, with one 60-minute session that started `startIn` minutes from now. */
async function sessionOf(startIn: number, mode: 'ONLINE' | 'ON_SITE' = 'ONLINE') {
  n++;
  const cohort = await taughtCohort(t, admin, `Report cohort ${n}`, { teachers: [teacher], trainees: [ana, ben, dee, eve] });
  const where = mode === 'ONLINE' ? { meeting_url: 'https://zoom.us/j/81234567890' } : { place: 'Lab 2' };
  const s = LiveSessionSchema.parse(
    (
      await t.http
        .post(`/api/cohorts/admin/${cohort}/sessions`)
        .set(bearer(admin))
        .send({ title: 'Wafer fab basics', starts_at: inMinutes(startIn), duration_minutes: 60, mode, ...where, mandatory: true })
        .expect(201)
    ).body,
  );
  const base = `/api/cohorts/admin/${cohort}/sessions/${s.id_slug}`;
  return { base, startsAt: new Date(s.starts_at), cohort, session: s };
}

/** A time as Zoom writes it (the school's time zone), `m` minutes after the session's start. */
const at = (start: Date, m: number) =>
  new Date(start.getTime() + m * 60_000).toLocaleString('sv-SE', { timeZone: 'Asia/Kuala_Lumpur' }).replace(',', '');

/** A Zoom participant report of the session (with its meeting summary first). */
function zoomReport(start: Date) {
  return [
    'Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants',
    `812 3456 7890,Wafer fab basics,${at(start, -3)},${at(start, 62)},${teacher.email},65,5`,
    '',
    'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest',
    `Farid Teacher,${teacher.email},${at(start, -3)},${at(start, 62)},65,No`,
    `Ana Lee,${ana.email.toUpperCase()},${at(start, 2)},${at(start, 32)},30,No`,
    `Ana Lee,${ana.email},${at(start, 35)},${at(start, 55)},20,No`,
    `BEN  ONG,,${at(start, 15)},${at(start, 60)},45,Yes`,
    `Ben Ong,,${at(start, 55)},${at(start, 60)},5,Yes`,
    `Guest 7,,${at(start, 1)},${at(start, 49)},48,Yes`,
    `Eve Lim,${eve.email},${at(start, 5)},${at(start, 25)},20,No`,
    '',
  ].join('\r\n');
}

const preview = (base: string, file: Buffer | string, as: TestUser = teacher, name = 'participants.csv') =>
  t.http
    .post(`${base}/attendance-import/preview`)
    .set(bearer(as))
    .attach('file', Buffer.isBuffer(file) ? file : Buffer.from(file), name);
const confirm = (base: string, body: Record<string, unknown>, as: TestUser = teacher) =>
  t.http.post(`${base}/attendance-import`).set(bearer(as)).send(body);
const registerOf = async (base: string) =>
  RegisterResponseSchema.parse((await t.http.get(`${base}/register`).set(bearer(teacher)).expect(200)).body);
const entriesOf = async (base: string) => (await registerOf(base)).data.reduce((sum, r) => sum + r.entries, 0);
const byName = (reg: { data: Array<{ first_name: string; status: string | null; reason: string | null }> }) =>
  Object.fromEntries(reg.data.map((r) => [r.first_name, [r.status, r.reason]]));

describe('previewing a participant report', () => {
  it('detects Zoom, sums rejoins, matches by email then name, leaves the rest to resolve, and writes nothing', async () => {
    const { base, startsAt } = await sessionOf(-120);
    await t.http
      .post(`${base}/register`)
      .set(bearer(teacher))
      .send({ user_id_slug: eve.id_slug, status: 'EXCUSED', reason: 'Medical certificate' })
      .expect(200);
    const p = AttendanceImportPreviewSchema.parse((await preview(base, zoomReport(startsAt)).expect(200)).body);
    expect(p.provider).toBe('ZOOM');
    expect(p.rule).toMatchObject({ duration_minutes: 60, threshold_percent: 75, threshold_minutes: 45, late_after_minutes: 10 });
    expect(p.rows.map((r) => [r.name, r.minutes, r.trainee_id_slug, r.match, r.problem])).toEqual([
      ['Farid Teacher', 65, null, null, 'NO_MATCH'],
      ['Ana Lee', 50, ana.id_slug, 'EMAIL', null],
      ['BEN  ONG', 50, ben.id_slug, 'NAME', null],
      ['Guest 7', 48, null, null, 'NO_MATCH'],
      ['Eve Lim', 20, eve.id_slug, 'EMAIL', null],
    ]);
    // The report's times have whole seconds.
    expect(p.rows[2].first_join_at).toBe(new Date(Math.floor(startsAt.getTime() / 1000) * 1000 + 15 * 60_000).toISOString());
    expect(p.trainees.map((x) => [x.first_name, x.current_status, x.protected])).toEqual([
      ['Ana', null, null],
      ['Ben', null, null],
      ['Dee', null, null],
      ['Eve', 'EXCUSED', 'EXCUSED'],
    ]);
    expect(await entriesOf(base)).toBe(1);
  });

  it('follows the threshold saved on the session', async () => {
    const { base, startsAt, session } = await sessionOf(-120);
    await t.http
      .put(base)
      .set(bearer(teacher))
      .send({
        title: session.title,
        starts_at: session.starts_at,
        duration_minutes: 60,
        mode: 'ONLINE',
        meeting_url: session.meeting_url,
        mandatory: true,
        attendance_threshold_percent: 90,
      })
      .expect(200);
    const p = AttendanceImportPreviewSchema.parse((await preview(base, zoomReport(startsAt)).expect(200)).body);
    expect(p.rule).toMatchObject({ threshold_percent: 90, threshold_minutes: 54 });
    const done = AttendanceImportResultSchema.parse(
      (await confirm(base, { provider: 'ZOOM', marks: [{ user_id_slug: ana.id_slug, minutes: 50, first_join_at: null }] }).expect(200))
        .body,
    );
    expect(byName(done.register).Ana).toEqual(['ABSENT', 'Imported from the Zoom report']);
  });

  it('refuses a bad file with a clear message (and its line), an on-site or unfinished session, and writes nothing', async () => {
    const { base, startsAt } = await sessionOf(-120);
    const unknown = await preview(base, 'Student,Score\nAna,12\n').expect(400);
    expect(unknown.body.message).toBe(ATTENDANCE_IMPORT_MESSAGES.unknownHeader);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xd8]);
    expect((await preview(base, png, teacher, 'photo.csv').expect(400)).body.message).toBe(ATTENDANCE_IMPORT_MESSAGES.notText);
    expect((await preview(base, '\r\n\r\n').expect(400)).body.message).toBe(ATTENDANCE_IMPORT_MESSAGES.empty);
    const badLine = await preview(
      base,
      `Name (Original Name),User Email,Join Time,Duration (Minutes)\nAna Lee,,${at(startsAt, 1)},about an hour\n`,
    ).expect(400);
    expect(badLine.body.message).toBe("Line 2: the duration 'about an hour' is not a number of minutes");
    expect(badLine.body.errors).toEqual({ file: badLine.body.message });
    await t.http.post(`${base}/attendance-import/preview`).set(bearer(teacher)).send({ file: 'x' }).expect(400);
    // The size limit is kept while the file streams in.
    await preview(base, Buffer.alloc(2 * 1024 * 1024 + 10, 'a')).expect(413);

    const onSite = await sessionOf(-120, 'ON_SITE');
    expect((await preview(onSite.base, zoomReport(onSite.startsAt)).expect(400)).body.message).toBe(ATTENDANCE_IMPORT_MESSAGES.onlineOnly);
    const early = await sessionOf(-10);
    expect((await preview(early.base, zoomReport(early.startsAt)).expect(400)).body.message).toBe(ATTENDANCE_IMPORT_MESSAGES.notEnded);
    expect(
      (await confirm(early.base, { provider: 'ZOOM', marks: [{ user_id_slug: ana.id_slug, minutes: 60 }] }).expect(400)).body.message,
    ).toBe(ATTENDANCE_IMPORT_MESSAGES.notEnded);
    expect(await entriesOf(base)).toBe(0);
    expect(await entriesOf(early.base)).toBe(0);
  });
});

describe('confirming the import', () => {
  it('writes the marks the rule gives as new entries with the report as reason, and keeps excused and hand-set marks unless ticked', async () => {
    const { base, startsAt } = await sessionOf(-120);
    await t.http
      .post(`${base}/register`)
      .set(bearer(teacher))
      .send({ user_id_slug: eve.id_slug, status: 'EXCUSED', reason: 'Medical certificate' })
      .expect(200);
    const p = AttendanceImportPreviewSchema.parse((await preview(base, zoomReport(startsAt)).expect(200)).body);
    const row = (slug: string) => p.rows.find((r) => r.trainee_id_slug === slug)!;
    const guest = p.rows.find((r) => r.name === 'Guest 7')!;
    const marks = [
      { user_id_slug: ana.id_slug, minutes: row(ana.id_slug).minutes, first_join_at: row(ana.id_slug).first_join_at },
      { user_id_slug: ben.id_slug, minutes: row(ben.id_slug).minutes, first_join_at: row(ben.id_slug).first_join_at },
      // The facilitator resolved "Guest 7" to Dee.
      { user_id_slug: dee.id_slug, minutes: guest.minutes, first_join_at: guest.first_join_at },
      { user_id_slug: eve.id_slug, minutes: row(eve.id_slug).minutes, first_join_at: row(eve.id_slug).first_join_at },
    ];
    const done = AttendanceImportResultSchema.parse((await confirm(base, { provider: 'ZOOM', marks }).expect(200)).body);
    expect(done.imported).toBe(3);
    expect(done.skipped).toEqual([{ id_slug: eve.id_slug, name: 'Eve Lim', reason: 'EXCUSED' }]);
    expect(byName(done.register)).toEqual({
      Ana: ['PRESENT', 'Imported from the Zoom report'],
      Ben: ['LATE', 'Imported from the Zoom report'],
      Dee: ['PRESENT', 'Imported from the Zoom report'],
      Eve: ['EXCUSED', 'Medical certificate'],
    });
    expect(done.register.data[0].marked_by).toBe('Farid Teacher');
    const [{ count }] = await t.ds.query(
      `SELECT count(*)::int AS count FROM attendance_entries a JOIN live_sessions s ON s.id = a.session_id
        WHERE s.id_slug = $1 AND a.source = 'IMPORT'`,
      [base.split('/').at(-1)],
    );
    expect(count).toBe(3);

    // A mark set by hand after the session is kept on a second import; ticked, Eve's excuse is replaced.
    await t.http
      .post(`${base}/register`)
      .set(bearer(teacher))
      .send({ user_id_slug: ben.id_slug, status: 'PRESENT', reason: 'Camera trouble; was there from the start' })
      .expect(200);
    const again = AttendanceImportResultSchema.parse(
      (await confirm(base, { provider: 'ZOOM', marks, replace_user_id_slugs: [eve.id_slug] }).expect(200)).body,
    );
    expect(again).toMatchObject({ imported: 1, unchanged: 2, skipped: [{ id_slug: ben.id_slug, reason: 'SET_BY_HAND' }] });
    expect(byName(again.register)).toMatchObject({
      Ben: ['PRESENT', 'Camera trouble; was there from the start'],
      Eve: ['ABSENT', 'Imported from the Zoom report'],
    });
  });

  it('writes nothing when one of the marks is refused', async () => {
    const { base } = await sessionOf(-120);
    const refused = await confirm(base, {
      provider: 'TEAMS',
      marks: [
        { user_id_slug: ana.id_slug, minutes: 60, first_join_at: null },
        { user_id_slug: stranger.id_slug, minutes: 60, first_join_at: null },
      ],
    }).expect(400);
    expect(refused.body.message).toBe(ATTENDANCE_MESSAGES.notTrainee);
    await confirm(base, { provider: 'TEAMS', marks: [{ user_id_slug: ana.id_slug, minutes: 9999 }] }).expect(400);
    expect(await entriesOf(base)).toBe(0);
  });

  it('is kept to the staff teaching the cohort', async () => {
    const { base, startsAt } = await sessionOf(-120);
    const body = { provider: 'MEET', marks: [{ user_id_slug: ana.id_slug, minutes: 60, first_join_at: null }] };
    await preview(base, zoomReport(startsAt), ana).expect(403);
    await confirm(base, body, ana).expect(403);
    await preview(base, zoomReport(startsAt), outsider).expect(404);
    await confirm(base, body, outsider).expect(404);
    expect(await entriesOf(base)).toBe(0);
    await preview(base, zoomReport(startsAt), admin).expect(200);
    const done = AttendanceImportResultSchema.parse((await confirm(base, body, admin).expect(200)).body);
    expect(byName(done.register).Ana).toEqual(['PRESENT', 'Imported from the Google Meet report']);
  });
});

describe('importing into a session of a closed month', () => {
  it('writes no mark: each one is a pending correction from the report, applied when a second staff member approves it', async () => {
    const { at: lastMonthAt, month } = lastMonth();
    const { base, cohort } = await sessionOf(Math.round((Date.parse(lastMonthAt(3)) - Date.now()) / 60_000));
    await t.http.post(`/api/cohorts/admin/${cohort}/attendance-months/${month}/close`).set(bearer(admin)).expect(201);
    const marks = [
      { user_id_slug: ana.id_slug, minutes: 60, first_join_at: null },
      { user_id_slug: ben.id_slug, minutes: 10, first_join_at: null },
    ];
    const done = AttendanceImportResultSchema.parse((await confirm(base, { provider: 'ZOOM', marks }).expect(200)).body);
    expect(done).toMatchObject({ imported: 0, held: 2, unchanged: 0, skipped: [] });
    expect(done.register.month_closed).toBe(true);
    expect(byName(done.register)).toMatchObject({ Ana: ['ABSENT', null], Ben: ['ABSENT', null] });
    expect(await entriesOf(base)).toBe(0);

    const list = async () =>
      AttendanceCorrectionsResponseSchema.parse(
        (await t.http.get(`/api/cohorts/admin/${cohort}/attendance-corrections`).set(bearer(admin)).expect(200)).body,
      ).data;
    const pending = await list();
    expect(pending.map((c) => [c.trainee.id_slug, c.status, c.reason, c.requested_by, c.state])).toEqual([
      [ana.id_slug, 'PRESENT', 'Imported from the Zoom report', 'Farid Teacher', 'PENDING'],
      [ben.id_slug, 'ABSENT', 'Imported from the Zoom report', 'Farid Teacher', 'PENDING'],
    ]);
    // The one who imported may not approve their own import.
    await t.http.post(`/api/cohorts/admin/${cohort}/attendance-corrections/${pending[0].id_slug}/approve`).set(bearer(teacher)).expect(403);
    await t.http.post(`/api/cohorts/admin/${cohort}/attendance-corrections/${pending[0].id_slug}/approve`).set(bearer(admin)).expect(200);
    const reg = await registerOf(base);
    expect(byName(reg).Ana).toEqual(['PRESENT', 'Imported from the Zoom report']);
    expect(reg.data.find((r) => r.id_slug === ana.id_slug)!.approved_by).toBeTruthy();
    const [{ source }] = await t.ds.query(
      `SELECT a.source FROM attendance_entries a JOIN live_sessions s ON s.id = a.session_id WHERE s.id_slug = $1`,
      [base.split('/').at(-1)],
    );
    expect(source).toBe('IMPORT');
    expect((await list()).map((c) => c.trainee.id_slug)).toEqual([ben.id_slug]);
  });
});
