import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';

let t: TestApp;
let admin: TestUser;
const INTAKE = 'youth-programme-2027';

/**
 * A small known school: four applications of the intake, three decided after 2, 4 and 10 days,
 * one still SUBMITTED, in two states and two qualifications.
 */
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  const rows: [string, string, string, number | null][] = [
    ['a@x.test', 'PENANG', 'REJECTED', 2],
    ['b@x.test', 'PENANG', 'OFFERED', 4],
    ['c@x.test', 'SELANGOR', 'WAITLISTED', 10],
    ['d@x.test', 'SELANGOR', 'SUBMITTED', null],
  ];
  for (const [email, state] of rows) await t.http.post('/api/sheet/submit-form/').send(validApplication({ email, state })).expect(201);
  for (const [email, , status, days] of rows) {
    if (days === null) continue;
    await t.ds.query(
      `WITH a AS (UPDATE programme_applications SET status = $2, created_date = now() - make_interval(days => 20),
                    decided_at = now() - make_interval(days => 20 - $3) WHERE email = $1 RETURNING id)
       INSERT INTO application_transitions (application_id, from_status, to_status) SELECT id, 'SUBMITTED', $2 FROM a`,
      [email, status, days],
    );
  }
});
afterAll(async () => t?.close());

const get = (path: string) => t.http.get(`/api/admissions/admin/analytics/${path}`).set(bearer(admin)).expect(200);

describe('admissions analytics', () => {
  it('counts the funnel: applications in each state now, and how many ever reached it', async () => {
    const res = await get(`funnel?intake=${INTAKE}`);
    const by = Object.fromEntries(res.body.data.map((r: { status: string }) => [r.status, r]));
    expect(by.SUBMITTED).toEqual({ status: 'SUBMITTED', current: 1, reached: 4 });
    expect(by.OFFERED).toEqual({ status: 'OFFERED', current: 1, reached: 1 });
    expect(by.ENROLLED).toEqual({ status: 'ENROLLED', current: 0, reached: 0 });
    expect(res.body.data).toHaveLength(12);
  });

  it('gives the median and 90th percentile of days to the first decision', async () => {
    const res = await get(`time-to-decision?intake=${INTAKE}`);
    // 2, 4 and 10 days: median 4, p90 = 4 + 0.8 * (10 - 4) = 8.8.
    expect(res.body.data).toEqual({ decided: 3, median_days: 4, p90_days: 8.8 });
  });

  it('breaks applications down by Malaysian state with their states', async () => {
    const res = await get(`breakdown?intake=${INTAKE}&dimension=state`);
    expect(res.body.data).toEqual([
      { value: 'PENANG', total: 2, by_status: { REJECTED: 1, OFFERED: 1 } },
      { value: 'SELANGOR', total: 2, by_status: { WAITLISTED: 1, SUBMITTED: 1 } },
    ]);
    await t.http.get('/api/admissions/admin/analytics/breakdown?dimension=age').set(bearer(admin)).expect(400);
  });

  it('counts moves into each state per week', async () => {
    const res = await get(`over-time?intake=${INTAKE}&weeks=8`);
    const total = (s: string) =>
      res.body.data.filter((r: { status: string }) => r.status === s).reduce((n: number, r: { count: number }) => n + r.count, 0);
    expect(total('SUBMITTED')).toBe(4);
    expect(total('REJECTED') + total('OFFERED') + total('WAITLISTED')).toBe(3);
    for (const r of res.body.data) expect(new Date(`${r.week}T00:00:00Z`).getUTCDay()).toBe(1);
  });
});
