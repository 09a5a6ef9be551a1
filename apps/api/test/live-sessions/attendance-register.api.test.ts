import { ATTENDANCE_THRESHOLD_PERCENT, AttendanceRegistersResponseSchema } from '@school/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, lastMonth, markAs, produceRegister, scheduleSession, taughtCohort, thisMonth } from '../fixtures/attendance.fixtures';
import { ROWS_PER_PAGE } from '../../src/modules/live-sessions/attendance-register-document';
import { createAccount } from '../../src/startup/create-account';
import { readPdf } from '../pdf-text';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The monthly attendance register: one job writes a CSV (with its byte-order mark) and a PDF in the
 * funder's layout from the month's mandatory sessions that ended, each mark by the same rule as the
 * session's register (latest entry; unmarked after the end is absent), with totals and the rate.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let outsider: TestUser;
let ana: TestUser;
let ben: TestUser;
let mei: TestUser;
let karthik: TestUser;
let cohort: string;
let n = 0;
const { month, at } = lastMonth();

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Teacher' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  ana = await createUser(t, { first_name: 'Ana', last_name: 'Lee' });
  ben = await createUser(t, { first_name: 'Ben', last_name: 'Ong' });
  mei = await createUser(t, { first_name: '陈', last_name: '美玲' });
  karthik = await createUser(t, { first_name: 'முருகன்', last_name: 'R' });
  cohort = await cohortOf([ana, ben, mei, karthik]);
});
afterAll(async () => t?.close());

async function cohortOf(trainees: TestUser[]) {
  n++;
  return taughtCohort(t, admin, `Wafer cohort ${n}`, { teachers: [teacher], trainees });
}

describe('the monthly register', () => {
  it('is one job writing the CSV and the PDF: each mandatory session that ended, the latest mark, totals and the rate', async () => {
    const day3 = await scheduleSession(t, teacher, cohort, at(3));
    const day10 = await scheduleSession(t, teacher, cohort, at(10));
    // Neither optional nor cancelled sessions, nor those of another month, are training days of the register.
    await scheduleSession(t, teacher, cohort, at(5), { mandatory: false, title: 'Optional clinic' });
    const cancelled = await scheduleSession(t, teacher, cohort, at(12));
    await t.http.post(`/api/cohorts/admin/${cohort}/sessions/${cancelled.id_slug}/cancel`).set(bearer(teacher)).expect(200);
    await scheduleSession(t, teacher, cohort, new Date(Date.now() - 2 * 3_600_000).toISOString());

    await markAs(t, teacher, day3.register, ana, 'ABSENT');
    await markAs(t, teacher, day3.register, ana, 'PRESENT', 'Arrived, signed the sheet late'); // the latest entry wins
    await markAs(t, teacher, day10.register, ana, 'LATE');
    // Ben is never marked: absent on both.
    await markAs(t, teacher, day3.register, mei, 'EXCUSED', 'Medical certificate');
    await markAs(t, teacher, day10.register, mei, 'PRESENT');
    await markAs(t, teacher, day3.register, karthik, 'PRESENT');

    const r = await produceRegister(t, teacher, cohort, month);
    expect(r).toMatchObject({ state: 'READY', final: false, requested_by: 'Farid Teacher', error: null });

    const csvBytes = await download(t, r.csv_url!);
    expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows: string[][] = parse(csvBytes, { bom: true });
    const d3 = at(3).slice(0, 10);
    const d10 = at(10).slice(0, 10);
    expect(rows[0]).toEqual(['Trainee', 'Email', d3, d10, 'Attended', 'Counted', 'Rate (%)', `Below ${ATTENDANCE_THRESHOLD_PERCENT}%`]);
    expect(rows.slice(1).map((row) => [row[0], ...row.slice(2)])).toEqual([
      ['Ana Lee', 'P', 'L', '2', '2', '100.0', 'no'],
      ['Ben Ong', 'A', 'A', '0', '2', '0.0', 'yes'],
      ['முருகன் R', 'P', 'A', '1', '2', '50.0', 'yes'],
      ['陈 美玲', 'E', 'P', '1', '1', '100.0', 'no'],
    ]);
    expect(rows[1][1]).toBe(ana.email);

    const pdf = await readPdf(await download(t, r.pdf_url!));
    expect(pdf.pages).toBe(1);
    const text = pdf.lines.join('\n');
    for (const name of ['Ana Lee', 'Ben Ong', '陈 美玲', 'முருகன் R']) expect(text).toContain(name);
    expect(text).toContain('Draft: the month is not closed');
    const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kuala_Lumpur' });
    expect(text).toContain(`Prepared by Farid Teacher, ${today}`);
    expect(text).toContain('Signature');
    expect(text).toContain('< 75%');
    expect(text).toContain('50.0%');
  });

  it('is listed with the cohort, newest first, and a month with nothing to mark still makes both files', async () => {
    const empty = await cohortOf([ana]);
    const r = await produceRegister(t, admin, empty, thisMonth());
    expect(r.state).toBe('READY');
    const rows: string[][] = parse(await download(t, r.csv_url!), { bom: true });
    expect(rows).toEqual([
      ['Trainee', 'Email', 'Attended', 'Counted', 'Rate (%)', 'Below 75%'],
      ['Ana Lee', ana.email, '0', '0', '', 'no'],
    ]);
    const pdf = await readPdf(await download(t, r.pdf_url!));
    expect(pdf.lines.join('\n')).toContain('No mandatory session ended this month');
    const list = AttendanceRegistersResponseSchema.parse(
      (await t.http.get(`/api/cohorts/admin/${empty}/attendance-registers`).set(bearer(teacher)).expect(200)).body,
    );
    expect(list.data.map((x) => x.id_slug)).toEqual([r.id_slug]);
    expect(list.closed_months).toEqual([]);
  });

  it('is ready for 200 trainees in under a minute, their rows broken into whole pages', async () => {
    // 200 accounts as the school's account command makes them, enrolled in one bulk add.
    const people = Array.from({ length: 200 }, (_u, i) => ({
      email: `trainee${i}-${n}@bench.example.test`,
      first_name: i % 2 ? `陈${String(i).padStart(3, '0')}` : `Trainee${String(i).padStart(3, '0')}`,
      last_name: 'Lim',
    }));
    for (let i = 0; i < people.length; i += 20)
      await Promise.all(people.slice(i, i + 20).map((p) => createAccount(t.ds, { ...p, role: 'STUDENT', password: 'Chip#Design42' })));
    const big = await cohortOf([]);
    await t.http.post(`/api/cohorts/admin/${big}/add-student-bulk`).set(bearer(admin)).send({ students: people }).expect(200);
    for (const day of [2, 6, 9, 13, 16, 20, 23, 27]) await scheduleSession(t, teacher, big, at(day));

    const started = Date.now();
    const r = await produceRegister(t, teacher, big, month);
    expect(r.state).toBe('READY');
    expect(Date.now() - started).toBeLessThan(60_000);
    const rows: string[][] = parse(await download(t, r.csv_url!), { bom: true });
    expect(rows).toHaveLength(201);
    expect(rows[1].slice(2)).toEqual(['A', 'A', 'A', 'A', 'A', 'A', 'A', 'A', '0', '8', '0.0', 'yes']);
    const pdf = await readPdf(await download(t, r.pdf_url!));
    expect(pdf.pages).toBe(Math.ceil(200 / ROWS_PER_PAGE));
    expect(pdf.lines.filter((l) => l.startsWith('Prepared by Farid Teacher'))).toHaveLength(pdf.pages);
  }, 180_000);

  it('refuses a month that is not YYYY-MM', async () => {
    const res = await t.http.post(`/api/cohorts/admin/${cohort}/attendance-registers`).set(bearer(teacher)).send({ month: '2026-13' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({ month: 'Give the month as YYYY-MM' });
  });

  it('is kept to the staff teaching the cohort', async () => {
    const url = `/api/cohorts/admin/${cohort}/attendance-registers`;
    await t.http.get(url).set(bearer(ana)).expect(403);
    await t.http.post(url).set(bearer(ana)).send({ month }).expect(403);
    await t.http.get(url).set(bearer(outsider)).expect(404);
    await t.http.post(url).set(bearer(outsider)).send({ month }).expect(404);
  });
});
