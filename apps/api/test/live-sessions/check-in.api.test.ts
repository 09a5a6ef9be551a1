import {
  CHECK_IN_MESSAGES,
  CheckInCodeResponseSchema,
  CheckInResponseSchema,
  LiveSessionSchema,
  RegisterResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taughtCohort } from '../fixtures/attendance.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Check-in with the rotating code: the facilitator's screen shows a six-digit code and its QR; a
 * trainee of the cohort checks in with it from 15 minutes before the start until the end, present
 * or (after the first 10 minutes) late; a wrong code, a closed window, an online or cancelled
 * session are refused, and ten wrong codes block further tries.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let ana: TestUser;
let stranger: TestUser;
let cohort: string;
let n = 0;

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  ana = await createUser(t, { first_name: 'Ana', last_name: 'Lee' });
  stranger = await createUser(t, { first_name: 'Cy', last_name: 'Stranger' });
  cohort = await taughtCohort(t, admin, 'Check-in cohort', { teachers: [teacher], trainees: [ana] });
});
afterAll(async () => t?.close());

async function session(startIn: number, over: Record<string, unknown> = {}) {
  n++;
  const body = {
    title: `Fab ${n}`,
    starts_at: inMinutes(startIn),
    duration_minutes: 60,
    mode: 'ON_SITE',
    place: 'Lab 2',
    mandatory: true,
    ...over,
  };
  return LiveSessionSchema.parse(
    (await t.http.post(`/api/cohorts/admin/${cohort}/sessions`).set(bearer(admin)).send(body).expect(201)).body,
  ).id_slug;
}
const codeFor = async (s: string, as: TestUser = teacher) =>
  CheckInCodeResponseSchema.parse(
    (await t.http.get(`/api/cohorts/admin/${cohort}/sessions/${s}/check-in-code`).set(bearer(as)).expect(200)).body,
  ).data;
const checkIn = (s: string, code: string, as: TestUser = ana) =>
  t.http.post(`/api/cohorts/${cohort}/sessions/${s}/check-in`).set(bearer(as)).send({ code });
const markOf = async (s: string) =>
  RegisterResponseSchema.parse(
    (await t.http.get(`/api/cohorts/admin/${cohort}/sessions/${s}/register`).set(bearer(teacher)).expect(200)).body,
  ).data.find((r) => r.first_name === 'Ana')!;

describe('checking in with the rotating code', () => {
  it('shows the facilitator a six-digit code, when it changes and until when it is accepted, with a QR of the check-in address', async () => {
    const s = await session(-5);
    const shown = await codeFor(s);
    expect(shown.code).toMatch(/^\d{6}$/);
    expect(shown.period_seconds).toBe(30);
    expect(Date.parse(shown.valid_until) - Date.parse(shown.changes_at)).toBe(30_000);
    expect(shown.check_in_url).toMatch(new RegExp(`/class/${cohort}\\?check_in=${s}&code=${shown.code}$`));
    expect(shown.qr_svg).toMatch(/^<svg[^>]*>/);
    // Only staff managing the cohort see it.
    await t.http.get(`/api/cohorts/admin/${cohort}/sessions/${s}/check-in-code`).set(bearer(ana)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/sessions/${s}/check-in-code`).set(bearer(outsider)).expect(404);
  });

  it('marks a trainee present with the code on the screen, once; a wrong code is refused and marks nothing', async () => {
    const s = await session(-5);
    const { code } = await codeFor(s);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await checkIn(s, wrong).expect(400);
    expect(refused.body.errors.code).toBe(CHECK_IN_MESSAGES.wrongCode);
    expect((await markOf(s)).status).toBeNull();
    await checkIn(s, 'abc').expect(400);

    const done = CheckInResponseSchema.parse((await checkIn(s, code).expect(200)).body);
    expect(done).toEqual({ status: 'PRESENT', message: CHECK_IN_MESSAGES.checkedIn(false) });
    expect(await markOf(s)).toMatchObject({ status: 'PRESENT', entries: 1, marked_by: 'Ana Lee' });
    // Again: nothing new is written.
    expect((await checkIn(s, code).expect(200)).body).toEqual({ status: 'PRESENT', message: CHECK_IN_MESSAGES.already });
    expect((await markOf(s)).entries).toBe(1);
  });

  it('marks late after the first 10 minutes, and refuses before the window, after the end, online and cancelled sessions', async () => {
    const late = await session(-20);
    expect((await checkIn(late, (await codeFor(late)).code).expect(200)).body.status).toBe('LATE');

    const early = await session(30);
    expect((await checkIn(early, (await codeFor(early)).code).expect(409)).body.message).toBe(CHECK_IN_MESSAGES.closed);
    const over = await session(-90);
    expect((await checkIn(over, (await codeFor(over)).code).expect(409)).body.message).toBe(CHECK_IN_MESSAGES.closed);
    // Opens 15 minutes before the start.
    const soon = await session(10);
    await checkIn(soon, (await codeFor(soon)).code).expect(200);

    const online = await session(-5, { mode: 'ONLINE', place: undefined, meeting_url: 'https://zoom.us/j/1' });
    expect(
      (await t.http.get(`/api/cohorts/admin/${cohort}/sessions/${online}/check-in-code`).set(bearer(teacher)).expect(409)).body.message,
    ).toBe(CHECK_IN_MESSAGES.onSiteOnly);
    expect((await checkIn(online, '123456').expect(409)).body.message).toBe(CHECK_IN_MESSAGES.onSiteOnly);
    const off = await session(-5);
    const { code } = await codeFor(off);
    await t.http.post(`/api/cohorts/admin/${cohort}/sessions/${off}/cancel`).set(bearer(admin)).expect(200);
    expect((await checkIn(off, code).expect(409)).body.message).toBe(CHECK_IN_MESSAGES.cancelled);
  });

  it('is for the trainees of the cohort only, and stops after ten wrong codes', async () => {
    const s = await session(-5);
    const { code } = await codeFor(s);
    await checkIn(s, code, stranger).expect(404);
    await checkIn(s, code, teacher).expect(404);
    for (let i = 0; i < 10; i++) await checkIn(s, '000000' === code ? '111111' : '000000').expect(400);
    const blocked = await checkIn(s, code).expect(429);
    expect(blocked.body.message).toMatch(/^Too many wrong codes\. Try again in \d+ minutes?, or ask the facilitator to mark you\.$/);
    expect((await markOf(s)).status).toBeNull();
  });
});
