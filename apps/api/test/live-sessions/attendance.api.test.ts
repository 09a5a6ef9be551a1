import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_THRESHOLD_PERCENT,
  attendanceForecast,
  LiveSessionSchema,
  RegisterResponseSchema,
  StudentLiveSessionsResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol } from '../fixtures/admin.fixtures';
import { taughtCohort } from '../fixtures/attendance.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The register of a live session: marks by hand, each a new entry; absent by default once the
 * session has ended; after the end a change needs its reason; an excused absence always does.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let ana: TestUser;
let ben: TestUser;
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
  stranger = await createUser(t, { first_name: 'Cy', last_name: 'Stranger' });
});
afterAll(async () => t?.close());

/** A cohort of two trainees taught by `teacher`, with one on-site session starting `startIn` minutes from now (60 minutes long). */
async function sessionOf(startIn: number) {
  n++;
  const cohort = await taughtCohort(t, admin, `Fab cohort ${n}`, { teachers: [teacher], trainees: [ana, ben] });
  const s = LiveSessionSchema.parse(
    (
      await t.http
        .post(`/api/cohorts/admin/${cohort}/sessions`)
        .set(bearer(admin))
        .send({ title: 'Cleanroom', starts_at: inMinutes(startIn), duration_minutes: 60, mode: 'ON_SITE', place: 'Lab 2', mandatory: true })
        .expect(201)
    ).body,
  );
  return `/api/cohorts/admin/${cohort}/sessions/${s.id_slug}/register`;
}
const read = async (url: string, as: TestUser = teacher) =>
  RegisterResponseSchema.parse((await t.http.get(url).set(bearer(as)).expect(200)).body);
const mark = (url: string, body: Record<string, unknown>, as: TestUser = teacher) => t.http.post(url).set(bearer(as)).send(body);

describe('the register', () => {
  it('lists the trainees unmarked before the end, and keeps each mark as a new entry', async () => {
    const url = await sessionOf(-10);
    const before = await read(url);
    expect(before.ended).toBe(false);
    expect(before.data.map((r) => [r.first_name, r.status])).toEqual([
      ['Ana', null],
      ['Ben', null],
    ]);
    await mark(url, { user_id_slug: ana.id_slug, status: 'LATE' }).expect(200);
    const after = RegisterResponseSchema.parse((await mark(url, { user_id_slug: ana.id_slug, status: 'PRESENT' }).expect(200)).body);
    expect(after.data[0]).toMatchObject({ status: 'PRESENT', entries: 2, marked_by: 'Farid Teacher' });
    const [{ count }] = await t.ds.query(
      `SELECT count(*)::int AS count FROM attendance_entries a JOIN users u ON u.id = a.user_id WHERE u.id_slug = $1`,
      [ana.id_slug],
    );
    expect(count).toBe(2);
  });

  it('counts an unmarked trainee absent once the session has ended, and a change then needs its reason', async () => {
    const url = await sessionOf(-120);
    const r = await read(url);
    expect(r.ended).toBe(true);
    expect(r.data.map((x) => x.status)).toEqual(['ABSENT', 'ABSENT']);
    const refused = await mark(url, { user_id_slug: ben.id_slug, status: 'PRESENT' }).expect(400);
    expect(refused.body.errors).toEqual({ reason: ATTENDANCE_MESSAGES.correctionReasonRequired });
    const fixed = RegisterResponseSchema.parse(
      (await mark(url, { user_id_slug: ben.id_slug, status: 'PRESENT', reason: 'Signed the paper sheet' }).expect(200)).body,
    );
    expect(fixed.data[1]).toMatchObject({ status: 'PRESENT', reason: 'Signed the paper sheet', entries: 1 });
  });

  it('counts no absence for a session held before the trainee joined, but does for one recorded after they joined', async () => {
    const url = await sessionOf(-120);
    const cohort = url.split('/')[4];
    const late = await createUser(t, { first_name: 'Zed', last_name: 'Late' });
    await enrol(t, admin, cohort, late);
    // Recorded after Zed joined, though held yesterday: it was on Zed's timetable.
    LiveSessionSchema.parse(
      (
        await t.http
          .post(`/api/cohorts/admin/${cohort}/sessions`)
          .set(bearer(admin))
          .send({
            title: 'Recorded later',
            starts_at: inMinutes(-24 * 60),
            duration_minutes: 60,
            mode: 'ON_SITE',
            place: 'Lab 2',
            mandatory: true,
          })
          .expect(201)
      ).body,
    );
    const before = await read(url);
    expect(before.data.find((x) => x.id_slug === late.id_slug)?.status).toBeNull();
    expect(before.data.filter((x) => x.id_slug !== late.id_slug).map((x) => x.status)).toEqual(['ABSENT', 'ABSENT']);
    const mine = StudentLiveSessionsResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${cohort}/sessions/user/${late.id_slug}/`).set(bearer(late)).expect(200)).body,
    );
    expect(mine.data.map((s) => [s.title, s.my_status])).toEqual([
      ['Recorded later', 'ABSENT'],
      ['Cleanroom', null],
    ]);
    expect(mine.attendance.overall).toEqual({ attended: 0, counted: 1, percent: 0 });
    // Marked all the same (they came as a guest): the mark stands and counts.
    await mark(url, { user_id_slug: late.id_slug, status: 'PRESENT', reason: 'Came before enrolling' }).expect(200);
    expect((await read(url)).data.find((x) => x.id_slug === late.id_slug)?.status).toBe('PRESENT');
  });

  it('needs a reason for an excused absence, and refuses someone who is not a trainee of the cohort', async () => {
    const url = await sessionOf(30);
    const noReason = await mark(url, { user_id_slug: ana.id_slug, status: 'EXCUSED' }).expect(400);
    expect(noReason.body.errors).toMatchObject({ reason: ATTENDANCE_MESSAGES.reasonRequired });
    await mark(url, { user_id_slug: ana.id_slug, status: 'EXCUSED', reason: 'Medical certificate' }).expect(200);
    const outsiderMark = await mark(url, { user_id_slug: stranger.id_slug, status: 'PRESENT' }).expect(400);
    expect(outsiderMark.body.errors).toEqual({ user_id_slug: ATTENDANCE_MESSAGES.notTrainee });
    await mark(url, { user_id_slug: ana.id_slug, status: 'MAYBE' }).expect(400);
  });

  it('is kept to the staff teaching the cohort', async () => {
    const url = await sessionOf(-10);
    await t.http.get(url).set(bearer(outsider)).expect(404);
    await mark(url, { user_id_slug: ana.id_slug, status: 'PRESENT' }, outsider).expect(404);
    await t.http.get(url).set(bearer(ana)).expect(403);
    await mark(url, { user_id_slug: ana.id_slug, status: 'PRESENT' }, ana).expect(403);
    expect((await read(url, admin)).data.every((r) => r.entries === 0)).toBe(true);
  });
});

describe("the trainee's own attendance", () => {
  it('shows each mark and the rate overall and this month, an excused absence left out, with what reaching 75% takes', async () => {
    const dee = await createUser(t, { first_name: 'Dee', last_name: 'Tan' });
    n++;
    const cohort = await taughtCohort(t, admin, `Fab cohort ${n}`, { teachers: [teacher], trainees: [dee] });
    const plan = [
      { at: -300, mandatory: true, mark: 'PRESENT' },
      { at: -240, mandatory: true, mark: 'LATE' },
      { at: -180, mandatory: true },
      { at: -120, mandatory: true, mark: 'EXCUSED', reason: 'Medical certificate' },
      { at: -100, mandatory: false },
      { at: 24 * 60, mandatory: true },
      { at: 48 * 60, mandatory: true },
      { at: 72 * 60, mandatory: true, cancel: true },
      { at: 50 * 60, mandatory: false },
    ];
    for (const [i, p] of plan.entries()) {
      const s = LiveSessionSchema.parse(
        (
          await t.http
            .post(`/api/cohorts/admin/${cohort}/sessions`)
            .set(bearer(admin))
            .send({
              title: `Session ${i}`,
              starts_at: inMinutes(p.at),
              duration_minutes: 60,
              mode: 'ON_SITE',
              place: 'Lab 2',
              mandatory: p.mandatory,
            })
            .expect(201)
        ).body,
      );
      const base = `/api/cohorts/admin/${cohort}/sessions/${s.id_slug}`;
      if (p.mark)
        await mark(`${base}/register`, { user_id_slug: dee.id_slug, status: p.mark, reason: p.reason ?? 'Marked late' }).expect(200);
      if (p.cancel) await t.http.post(`${base}/cancel`).set(bearer(admin)).expect(200);
    }

    const mine = StudentLiveSessionsResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${cohort}/sessions/user/${dee.id_slug}/`).set(bearer(dee)).expect(200)).body,
    );
    expect(mine.data.map((s) => [s.title, s.my_status])).toEqual([
      ['Session 0', 'PRESENT'],
      ['Session 1', 'LATE'],
      ['Session 2', 'ABSENT'],
      ['Session 3', 'EXCUSED'],
      ['Session 4', 'ABSENT'],
      ['Session 5', null],
      ['Session 6', null],
      ['Session 8', null],
      ['Session 7', null],
    ]);
    // Counted: mandatory, ended, not cancelled, not excused (sessions 0 to 2): 2 of 3 attended.
    expect(mine.attendance.overall).toEqual({ attended: 2, counted: 3, percent: 66.7 });
    // This month, Malaysia time: those of the counted sessions that started in the current month.
    const month = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
    const now = month(new Date());
    const inMonth = [-300, -240, -180].map((m) => month(new Date(Date.now() + m * 60_000)) === now);
    const attendedInMonth = inMonth.slice(0, 2).filter(Boolean).length;
    expect(mine.attendance.this_month).toMatchObject({ attended: attendedInMonth, counted: inMonth.filter(Boolean).length });
    // Two mandatory sessions to come (the cancelled one does not count): 4 of 5 needs both.
    expect(mine.attendance.remaining).toBe(2);
    expect(mine.attendance.threshold_percent).toBe(ATTENDANCE_THRESHOLD_PERCENT);
    expect(attendanceForecast(mine.attendance)).toBe('Attend all 2 remaining sessions to reach 75%.');

    // Nobody else reads a trainee's attendance; an admin does.
    await t.http.get(`/api/cohorts/${cohort}/sessions/user/${dee.id_slug}/`).set(bearer(ana)).expect(404);
    await t.http.get(`/api/cohorts/${cohort}/sessions/user/${dee.id_slug}/`).set(bearer(admin)).expect(200);
  });
});
