import {
  AttendanceCorrectionSchema,
  AttendanceCorrectionsResponseSchema,
  MonthClosureSchema,
  REGISTER_MESSAGES,
  RegisterResponseSchema,
  ATTENDANCE_MESSAGES,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, lastMonth, markAs, produceRegister, scheduleSession, taughtCohort, thisMonth } from '../fixtures/attendance.fixtures';
import { readPdf } from '../pdf-text';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A closed month: its registers read Final; a change to a mark of one of its sessions is a pending
 * correction (who, why), applied only when a second staff member of the cohort approves it.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let second: TestUser;
let outsider: TestUser;
let ana: TestUser;
let ben: TestUser;
let n = 0;
const { month, at } = lastMonth();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Aisha', last_name: 'Admin' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  second = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Siti', last_name: 'Second' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  ana = await createUser(t, { first_name: 'Ana', last_name: 'Lee' });
  ben = await createUser(t, { first_name: 'Ben', last_name: 'Ong' });
});
afterAll(async () => t?.close());

/** A cohort taught by `teacher` and `second`, with Ana and Ben, one mandatory session on the 3rd of last month. */
async function setup() {
  n++;
  const cohort = await taughtCohort(t, admin, `Wafer cohort ${n}`, { teachers: [teacher, second], trainees: [ana, ben] });
  const session = await scheduleSession(t, teacher, cohort, at(3));
  await markAs(t, teacher, session.register, ana, 'PRESENT');
  return { cohort, session };
}
const close = (cohort: string, m: string, as: TestUser = admin) =>
  t.http.post(`/api/cohorts/admin/${cohort}/attendance-months/${m}/close`).set(bearer(as));
const corrections = async (cohort: string, as: TestUser) =>
  AttendanceCorrectionsResponseSchema.parse(
    (await t.http.get(`/api/cohorts/admin/${cohort}/attendance-corrections`).set(bearer(as)).expect(200)).body,
  ).data;
const decide = (cohort: string, id: string, what: 'approve' | 'refuse', as: TestUser) =>
  t.http.post(`/api/cohorts/admin/${cohort}/attendance-corrections/${id}/${what}`).set(bearer(as));
const readRegister = async (url: string) => RegisterResponseSchema.parse((await t.http.get(url).set(bearer(teacher)).expect(200)).body);

describe('closing a month', () => {
  it('is for admins, once the month has ended, once', async () => {
    const { cohort } = await setup();
    await close(cohort, month, teacher).expect(403);
    await close(cohort, month, ana).expect(403);
    const early = await close(cohort, thisMonth()).expect(400);
    expect(early.body.message).toBe(REGISTER_MESSAGES.monthNotOver);
    const closed = MonthClosureSchema.parse((await close(cohort, month).expect(201)).body);
    expect(closed).toMatchObject({ month, closed_by: 'Aisha Admin' });
    const again = await close(cohort, month).expect(409);
    expect(again.body.message).toBe(REGISTER_MESSAGES.alreadyClosed);
    await close(cohort, '2026-1').expect(400);
  });

  it('makes the registers read Final', async () => {
    const { cohort } = await setup();
    const draft = await produceRegister(t, teacher, cohort, month);
    expect(draft.final).toBe(false);
    await close(cohort, month).expect(201);
    const final = await produceRegister(t, teacher, cohort, month);
    expect(final).toMatchObject({ state: 'READY', final: true });
    const pdf = await readPdf(await download(t, final.pdf_url!));
    expect(pdf.lines.join('\n')).toContain('Final');
    expect(pdf.lines.join('\n')).not.toContain('Draft');
  });
});

describe('a change to a mark in a closed month', () => {
  it('is held as a pending correction with who and why; the mark stays until a second staff member approves', async () => {
    const { cohort, session } = await setup();
    await close(cohort, month).expect(201);
    expect((await readRegister(session.register)).month_closed).toBe(true);

    const noReason = await t.http.post(session.register).set(bearer(teacher)).send({ user_id_slug: ben.id_slug, status: 'PRESENT' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: ATTENDANCE_MESSAGES.correctionReasonRequired });

    const held = await markAs(t, teacher, session.register, ben, 'PRESENT', 'Signed the paper sheet');
    expect(held.pending_correction).toEqual(expect.any(String));
    expect(held.data.find((r) => r.id_slug === ben.id_slug)).toMatchObject({ status: 'ABSENT', entries: 0 });

    const [pending] = await corrections(cohort, teacher);
    expect(pending).toMatchObject({
      id_slug: held.pending_correction,
      state: 'PENDING',
      trainee: { id_slug: ben.id_slug },
      current_status: 'ABSENT',
      status: 'PRESENT',
      reason: 'Signed the paper sheet',
      requested_by: 'Farid Teacher',
      mine: true,
    });
    expect((await corrections(cohort, second))[0].mine).toBe(false);

    const own = await decide(cohort, pending.id_slug, 'approve', teacher).expect(403);
    expect(own.body.message).toBe(REGISTER_MESSAGES.ownCorrection);
    await decide(cohort, pending.id_slug, 'refuse', teacher).expect(403);
    expect((await readRegister(session.register)).data.find((r) => r.id_slug === ben.id_slug)?.status).toBe('ABSENT');

    const approved = AttendanceCorrectionSchema.parse((await decide(cohort, pending.id_slug, 'approve', second).expect(200)).body);
    expect(approved).toMatchObject({ state: 'APPROVED', decided_by: 'Siti Second', current_status: 'PRESENT' });
    const after = await readRegister(session.register);
    expect(after.data.find((r) => r.id_slug === ben.id_slug)).toMatchObject({
      status: 'PRESENT',
      reason: 'Signed the paper sheet',
      marked_by: 'Farid Teacher',
      approved_by: 'Siti Second',
      entries: 1,
    });
    const [entry] = await t.ds.query(
      `SELECT a.approved_by::text AS approved_by, a.recorded_by::text AS recorded_by FROM attendance_entries a
         JOIN users u ON u.id = a.user_id JOIN live_sessions s ON s.id = a.session_id WHERE u.id_slug = $1 AND s.id_slug = $2`,
      [ben.id_slug, session.id_slug],
    );
    expect(entry).toEqual({ approved_by: String(second.id), recorded_by: String(teacher.id) });
    expect(await corrections(cohort, admin)).toEqual([]);
    const twice = await decide(cohort, pending.id_slug, 'refuse', admin).expect(409);
    expect(twice.body.message).toBe(REGISTER_MESSAGES.alreadyDecided);

    // The month's register produced again shows the corrected mark.
    const r = await produceRegister(t, admin, cohort, month);
    const csv = (await download(t, r.csv_url!)).toString('utf8');
    expect(csv).toContain('"Ben Ong"');
    expect(csv.split('\r\n').find((l) => l.includes('Ben Ong'))).toContain('"P","1","1","100.0","no"');
  });

  it('is left as it was when refused', async () => {
    const { cohort, session } = await setup();
    await close(cohort, month).expect(201);
    const held = await markAs(t, second, session.register, ana, 'ABSENT', 'Left after ten minutes');
    const refused = AttendanceCorrectionSchema.parse((await decide(cohort, held.pending_correction!, 'refuse', admin).expect(200)).body);
    expect(refused).toMatchObject({ state: 'REFUSED', decided_by: 'Aisha Admin', current_status: 'PRESENT' });
    expect((await readRegister(session.register)).data.find((r) => r.id_slug === ana.id_slug)).toMatchObject({
      status: 'PRESENT',
      entries: 1,
    });
    await decide(cohort, held.pending_correction!, 'approve', teacher).expect(409);
  });

  it('leaves months that are not closed as they were: a change is a new entry at once', async () => {
    const { session } = await setup();
    const r = await markAs(t, teacher, session.register, ben, 'LATE');
    expect(r.month_closed).toBe(false);
    expect(r.pending_correction ?? null).toBeNull();
    expect(r.data.find((x) => x.id_slug === ben.id_slug)?.status).toBe('LATE');
  });

  it('is decided only by staff of the cohort', async () => {
    const { cohort, session } = await setup();
    await close(cohort, month).expect(201);
    const held = await markAs(t, teacher, session.register, ben, 'PRESENT', 'Signed the paper sheet');
    await t.http.get(`/api/cohorts/admin/${cohort}/attendance-corrections`).set(bearer(ana)).expect(403);
    await decide(cohort, held.pending_correction!, 'approve', ana).expect(403);
    await decide(cohort, held.pending_correction!, 'refuse', ana).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/attendance-corrections`).set(bearer(outsider)).expect(404);
    await decide(cohort, held.pending_correction!, 'approve', outsider).expect(404);
    await close(cohort, month, outsider).expect(403);
    await decide(cohort, 'ffffffffffffffffffffffffffffffff', 'approve', admin).expect(404);
    expect((await corrections(cohort, admin)).map((c) => c.state)).toEqual(['PENDING']);
  });
});
