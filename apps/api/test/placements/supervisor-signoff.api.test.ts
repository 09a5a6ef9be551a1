import { HttpException } from '@nestjs/common';
import {
  LogbookResponseSchema,
  LogbookWeekResponseSchema,
  SupervisorWeekResponseSchema,
  UnsignedWeeksResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenHash } from '../../src/common/token-hash';
import { WRONG_SECRET_LIMIT } from '../../src/common/wrong-secret-limit';
import { SupervisorSignoffService } from '../../src/modules/placements/supervisor-signoff.service';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The host supervisor's sign-off without an account: each submitted week mails the supervisor a
 * link (stored hashed, 14 days, once, revocable) to read the week and approve or return it with a
 * comment; reminders at +2 and +5 days, once each; weeks unsigned after 7 days in the coach's and
 * the cohort's queue, where the link can be revoked and mailed again. Time is moved by asking the
 * service "as of" a later moment (the reminder job and the queues take it as a parameter).
 */
let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherStaff: TestUser;
let aina: TestUser;
let badrul: TestUser;
let cohort: string;
const placement = new Map<string, string>();
const tag = Math.random().toString(36).slice(2, 8);
const supervisorOf = (s: TestUser) => `sup-${s.id_slug}-${tag}@host.test`;
const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY + 60_000);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Coach', last_name: 'Signoff' });
  otherStaff = await createUser(t, { role: 'INSTRUCTOR' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Signoff' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Signoff' });
  const course = await makeCourse(t, admin, {
    title: `Signoff course ${tag}`,
    modules: [{ title: 'Basics', lessons: [{ title: 'Intro' }] }],
  });
  // Started 150 days ago: the 119-day Online phase is over and OJT is in its fifth week.
  cohort = (await makeCohort(t, admin, { title: `Signoff cohort ${tag}`, course_ids: [course.id_slug], start: -150, end: 200 })).id_slug;
  await enrol(t, admin, cohort, aina);
  await enrol(t, admin, cohort, badrul);
  await t.http
    .post('/api/host-companies/admin')
    .set(bearer(admin))
    .send({ name: `Fab ${tag}`, registration_number: `SO-${tag}`, sites: [{ name: 'Fab 1' }] })
    .expect(201);
  const row = (s: TestUser, name: string) => `${s.email},SO-${tag},Fab 1,${name},${supervisorOf(s)},+60 4-1,40,${coach.email}`;
  await t.http
    .post(`/api/cohorts/admin/${cohort}/placements/csv`)
    .set(bearer(admin))
    .send({
      csv: [
        'trainee_email,host_registration_number,site,supervisor_name,supervisor_email,supervisor_phone,weekly_hours_target,coach_email',
        row(aina, 'Encik Rahman'),
        row(badrul, 'Puan Siti'),
      ].join('\n'),
    })
    .expect(200);
  for (const s of [aina, badrul])
    placement.set(s.id, (await t.http.get('/api/placements/me').set(bearer(s)).expect(200)).body.data[0].id_slug);
});
afterAll(async () => t?.close());

const weeks = async (who: TestUser) =>
  LogbookResponseSchema.parse(
    (
      await t.http
        .get(`/api/placements/me/${placement.get(who.id)}/logbook`)
        .set(bearer(who))
        .expect(200)
    ).body,
  ).data.weeks;
const myWeek = async (who: TestUser, week: number) =>
  LogbookWeekResponseSchema.parse(
    (
      await t.http
        .get(`/api/placements/me/${placement.get(who.id)}/logbook/${week}`)
        .set(bearer(who))
        .expect(200)
    ).body,
  ).data;
const save = (who: TestUser, week: number, date: string, hours = 8) =>
  t.http
    .put(`/api/placements/me/${placement.get(who.id)}/logbook/${week}`)
    .set(bearer(who))
    .send({
      days: [{ date, hours, tasks: 'Wet bench under supervision', job_role: 'Wafer Fab Process Engineer', evidence: 'Shift log 14' }],
    });
const submit = (who: TestUser, week: number) =>
  t.http.post(`/api/placements/me/${placement.get(who.id)}/logbook/${week}/submit`).set(bearer(who));
const open = (token: string) => t.http.post('/api/placements/supervisor/week').send({ token });
const decide = (token: string, decision: 'APPROVE' | 'RETURN', comment = '') =>
  t.http.post('/api/placements/supervisor/week/decision').send({ token, decision, comment });
const linkUrl = /\/supervisor\/week\?token=([A-Za-z0-9_-]+)/;

/** Mails to `to` (the real development mailbox) whose subject starts with `subject`, oldest first, once `count` have arrived. */
async function mails(to: string, count: number, subject = ''): Promise<{ subject: string; text: string }[]> {
  const end = Date.now() + 60_000;
  for (;;) {
    const found = await t.ds.query(
      `SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 AND starts_with(subject, $2) ORDER BY received_at`,
      [to, subject],
    );
    if (found.length >= count) return found;
    if (Date.now() > end) throw new Error(`${found.length} of ${count} mails to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const tokenIn = (text: string) => linkUrl.exec(text)![1];
/** Submits `week` and answers the token of the link mailed for it (the supervisor's `n`th mail). */
async function submitAndMail(who: TestUser, week: number, n: number): Promise<string> {
  const w = (await weeks(who))[week - 1];
  await save(who, week, w.starts_on).expect(200);
  await submit(who, week).expect(200);
  return tokenIn((await mails(supervisorOf(who), n))[n - 1].text);
}
const signoff = () => t.app.get(SupervisorSignoffService);
async function refusal(p: Promise<unknown>): Promise<{ status: number; body: { message: string; errors?: { token: string } } }> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(HttpException);
  return { status: (e as HttpException).getStatus(), body: (e as HttpException).getResponse() as { message: string } };
}

let ainaFirst: string;

describe('the supervisor signs a week through the mailed link', { timeout: 180_000 }, () => {
  it('mails a link on submission, stored only hashed, for 14 days; reading it shows the week and logs the view', async () => {
    ainaFirst = await submitAndMail(aina, 1, 1);
    const [mail] = await mails(supervisorOf(aina), 1);
    expect(mail.subject).toBe("Please sign Aina Signoff's logbook for week 1");
    expect(mail.text).toContain('Hours logged: 8 of the agreed 40 a week.');

    const [link] = await t.ds.query(`SELECT *, extract(epoch FROM expires_at - created_at)::int AS secs FROM supervisor_links`);
    expect(link.token_hash).toBe(tokenHash(ainaFirst));
    expect(JSON.stringify(link)).not.toContain(ainaFirst);
    expect(link).toMatchObject({ purpose: 'WEEK', secs: 14 * 86_400, used_at: null, revoked_at: null });

    const view = SupervisorWeekResponseSchema.parse((await open(ainaFirst).expect(200)).body).data;
    const w1 = (await weeks(aina))[0];
    expect(view).toMatchObject({
      trainee_name: 'Aina Signoff',
      host_name: `Fab ${tag}`,
      supervisor_name: 'Encik Rahman',
      week: 1,
      starts_on: w1.starts_on,
      ends_on: w1.ends_on,
      status: 'SUBMITTED',
      hours: 8,
      weekly_hours_target: 40,
      open: true,
    });
    expect(view.days).toEqual([
      {
        date: w1.starts_on,
        hours: 8,
        tasks: 'Wet bench under supervision',
        job_role: 'Wafer Fab Process Engineer',
        evidence: 'Shift log 14',
      },
    ]);
    const views = await t.ds.query(`SELECT ip FROM supervisor_link_views WHERE link_id = $1`, [link.id]);
    expect(views).toHaveLength(1);
    expect(views[0].ip).toMatch(/\d/);

    // Unknown tokens tell nothing.
    expect((await open('x'.repeat(43)).expect(404)).body.message).toMatch(/not valid/);
  });

  it('a return needs a comment; returning spends the link; the trainee sees who returned it and why, edits and resubmits for a new link', async () => {
    expect((await decide(ainaFirst, 'RETURN', '   ').expect(422)).body.message).toBe(
      'Say what the trainee should change before returning the week',
    );
    const returned = (await decide(ainaFirst, 'RETURN', 'Add the particle counts of Tuesday').expect(200)).body;
    expect(returned.data).toMatchObject({ status: 'RETURNED', open: false });
    // Once per week: the same link works no more, for reading or deciding.
    expect((await open(ainaFirst).expect(410)).body).toMatchObject({ errors: { token: 'used' } });
    expect((await decide(ainaFirst, 'APPROVE').expect(410)).body.message).toMatch(/already been used/);

    const mine = await myWeek(aina, 1);
    expect(mine).toMatchObject({ status: 'RETURNED', editable: true });
    // The trainee is mailed the return, its reason and a link to the week.
    const [told] = await mails(aina.email, 1, 'Week 1 of your logbook');
    expect(told.subject).toBe('Week 1 of your logbook was returned');
    expect(told.text).toContain('Their comment: “Add the particle counts of Tuesday”');
    expect(told.text).toContain(`/student/placements/${placement.get(aina.id)}/logbook/1`);
    expect(mine.events.at(-1)).toMatchObject({ kind: 'RETURNED', by: 'Encik Rahman', comment: 'Add the particle counts of Tuesday' });

    const second = await submitAndMail(aina, 1, 2);
    expect(second).not.toBe(ainaFirst);
    expect((await open(ainaFirst).expect(410)).body.errors.token).toBe('used');
    const approved = (await decide(second, 'APPROVE').expect(200)).body;
    expect(approved.data.status).toBe('APPROVED');
    expect(approved.message).toBe('Week 1 is signed. Thank you.');
    expect((await mails(aina.email, 2, 'Week 1 of your logbook'))[1].subject).toBe('Week 1 of your logbook is signed');

    // A signed week is read-only for the trainee, and stays signed.
    const signed = await myWeek(aina, 1);
    expect(signed).toMatchObject({ status: 'APPROVED', editable: false });
    expect(signed.events.map((e) => [e.kind, e.by])).toEqual([
      ['SUBMITTED', 'Aina Signoff'],
      ['RETURNED', 'Encik Rahman'],
      ['SUBMITTED', 'Aina Signoff'],
      ['APPROVED', 'Encik Rahman'],
    ]);
    // The logbook lists who signed the week and when.
    expect((await weeks(aina))[0].decision).toMatchObject({ kind: 'APPROVED', by: 'Encik Rahman', comment: '' });
    await save(aina, 1, signed.starts_on, 2).expect(409);
    await submit(aina, 1).expect(409);
    await decide(second, 'RETURN', 'Changed my mind').expect(410);
  });

  it('a link reaches only its own trainee’s week, and expires after 14 days', async () => {
    const token = await submitAndMail(badrul, 1, 1);
    expect((await open(token).expect(200)).body.data.trainee_name).toBe('Badrul Signoff');
    // Even a link row pointed at another placement's week (a corrupted row) opens nothing.
    const ainaWeek = await submitAndMail(aina, 2, 3);
    const [{ id }] = await t.ds.query(`SELECT id FROM supervisor_links WHERE token_hash = $1`, [tokenHash(ainaWeek)]);
    const [{ subject_id }] = await t.ds.query(`SELECT subject_id FROM supervisor_links WHERE token_hash = $1`, [tokenHash(token)]);
    await t.ds.query(`UPDATE supervisor_links SET subject_id = $2 WHERE id = $1`, [id, subject_id]);
    await open(ainaWeek).expect(404);
    await decide(ainaWeek, 'APPROVE').expect(404);
    expect((await myWeek(badrul, 1)).status).toBe('SUBMITTED');

    const expired = await refusal(signoff().read(token, 'test', later(14)));
    expect(expired).toMatchObject({ status: 410, body: { errors: { token: 'expired' } } });
    expect((await refusal(signoff().decide({ token, decision: 'APPROVE', comment: '' }, 'test', later(14)))).status).toBe(410);
    await open(token).expect(200);
  });

  it('reminds at +2 and +5 days, each once per link', async () => {
    const sup = supervisorOf(badrul);
    const before = (await mails(sup, 1)).length;
    expect(await signoff().remind(later(1))).toBe(0);
    expect(await signoff().remind(later(2))).toBeGreaterThanOrEqual(1);
    expect(await signoff().remind(later(2))).toBe(0);
    expect(await signoff().remind(later(4))).toBe(0);
    expect(await signoff().remind(later(5))).toBeGreaterThanOrEqual(1);
    expect(await signoff().remind(later(6))).toBe(0);
    await jobsSettled(t);
    const all = await mails(sup, before + 2);
    const reminders = all.filter((m) => m.subject.startsWith('Reminder:'));
    expect(reminders.map((m) => m.subject)).toEqual([
      "Reminder: Please sign Badrul Signoff's logbook for week 1",
      "Reminder: Please sign Badrul Signoff's logbook for week 1",
    ]);
    expect(reminders.filter((m) => m.text.includes('waiting for your sign-off for two days'))).toHaveLength(1);
    expect(reminders.filter((m) => m.text.includes('waiting for your sign-off for five days'))).toHaveLength(1);
    // The reminder carries the same link, which still works.
    expect(tokenIn(reminders[1].text)).toBe(tokenIn(all[0].text));
    await open(tokenIn(reminders[1].text)).expect(200);
    // A signed week gets no reminder.
    expect((await mails(supervisorOf(aina), 3)).filter((m) => m.subject.startsWith('Reminder:'))).toHaveLength(0);
  });

  it('lists weeks unsigned 7 days in the coach’s and the cohort’s queue, oldest first; the coach revokes and re-sends the link', async () => {
    const queue = await t.http.get('/api/placements/staff/unsigned-weeks').set(bearer(coach)).expect(200);
    expect(UnsignedWeeksResponseSchema.parse(queue.body).data).toEqual([]);
    const coachUser = { id: coach.id, id_slug: coach.id_slug, role: 'INSTRUCTOR' as const };
    expect((await signoff().coachQueue(coachUser, later(6))).data).toEqual([]);
    const due = (await signoff().coachQueue(coachUser, later(7))).data;
    expect(due.map((w) => [w.trainee_name, w.week])).toEqual([
      ['Badrul Signoff', 1],
      ['Aina Signoff', 2],
    ]);
    expect(due[0]).toMatchObject({ supervisor_name: 'Puan Siti', cohort_id_slug: cohort, link_expires_at: expect.any(String) });
    expect((await signoff().cohortQueue(cohort, later(7))).data.map((w) => w.week)).toEqual([1, 2]);
    expect((await signoff().coachQueue({ id: otherStaff.id, id_slug: otherStaff.id_slug, role: 'INSTRUCTOR' }, later(7))).data).toEqual([]);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements/unsigned-weeks`).set(bearer(admin)).expect(200);

    const sup = supervisorOf(badrul);
    const sent = (await mails(sup, 1)).length;
    const old = tokenIn((await mails(sup, 1))[0].text);
    const path = `/api/placements/staff/${placement.get(badrul.id)}/logbook/1/supervisor-link`;
    await t.http.delete(path).set(bearer(coach)).expect(200);
    expect((await open(old).expect(410)).body).toMatchObject({ errors: { token: 'revoked' }, message: expect.stringMatching(/withdrawn/) });
    expect((await t.http.delete(path).set(bearer(coach)).expect(409)).body.message).toMatch(/no link waiting/);
    expect((await t.http.post(path).set(bearer(coach)).expect(200)).body.message).toMatch(/new link was mailed/);
    const fresh = (await mails(sup, sent + 1))[sent];
    expect(fresh.text).toContain('This is a new link');
    const token = tokenIn(fresh.text);
    expect(token).not.toBe(old);
    await open(token).expect(200);
    // An admin re-sends too; the coach's link is then revoked.
    await t.http.post(path).set(bearer(admin)).expect(200);
    expect((await open(token).expect(410)).body.errors.token).toBe('revoked');
    // A signed week has no link to re-send.
    await t.http
      .post(`/api/placements/staff/${placement.get(aina.id)}/logbook/1/supervisor-link`)
      .set(bearer(coach))
      .expect(409);
  });

  it('students and staff who do not coach the trainee reach none of the staff calls', async () => {
    const path = `/api/placements/staff/${placement.get(badrul.id)}/logbook/1/supervisor-link`;
    await t.http.get('/api/placements/staff/unsigned-weeks').set(bearer(aina)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements/unsigned-weeks`).set(bearer(aina)).expect(403);
    await t.http.get(`/api/cohorts/admin/${cohort}/placements/unsigned-weeks`).set(bearer(coach)).expect(403);
    await t.http.post(path).set(bearer(badrul)).expect(403);
    await t.http.delete(path).set(bearer(aina)).expect(403);
    await t.http.post(path).set(bearer(otherStaff)).expect(404);
    await t.http.delete(path).set(bearer(otherStaff)).expect(404);
    await t.http.get('/api/placements/staff/unsigned-weeks').expect(401);
  });
});

describe('wrong links are rate-limited', () => {
  it('refuses an address after the limit of wrong tokens, on reading and deciding alike', async () => {
    const limited = await createTestApp({});
    try {
      const guess = (i: number) => `${'g'.repeat(40)}${String(i).padStart(3, '0')}`;
      for (let i = 0; i < WRONG_SECRET_LIMIT.points; i++) {
        const call =
          i % 2
            ? limited.http.post('/api/placements/supervisor/week').send({ token: guess(i) })
            : limited.http.post('/api/placements/supervisor/week/decision').send({ token: guess(i), decision: 'APPROVE' });
        await call.expect(404);
      }
      const refused = await limited.http
        .post('/api/placements/supervisor/week')
        .send({ token: guess(999) })
        .expect(429);
      expect(refused.body.message).toMatch(/^Too many invalid links from your network/);
    } finally {
      await limited.close();
    }
  });
});
