import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_POSTS_PER_HOUR,
  type SaveAnnouncement,
  StaffAnnouncementResponseSchema,
  StaffAnnouncementsResponseSchema,
  StudentAnnouncementsResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementsService } from '../../src/modules/announcements';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { jobsSettled } from '../fixtures/jobs.fixtures';
import { until } from '../fixtures/smtp.fixtures';
import { bearer, countStatements, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Cohort announcements: staff post to the cohorts they reach, now or later; students of those
 * cohorts read them (unread first) and get mail as they chose; nobody reads another cohort's.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let coach: TestUser;
let otherTeacher: TestUser;
let otherCoach: TestUser;
let aina: TestUser;
let badrul: TestUser;
let chen: TestUser;
let outsider: TestUser;
let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Admin' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Tan', last_name: 'Teacher' });
  coach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Coach' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Other', last_name: 'Teacher' });
  otherCoach = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Other', last_name: 'Coach' });
  aina = await createUser(t, { first_name: 'Aina', last_name: 'Student' });
  badrul = await createUser(t, { first_name: 'Badrul', last_name: 'Student' });
  chen = await createUser(t, { first_name: 'Chen', last_name: 'Student' });
  outsider = await createUser(t, { first_name: 'Olga', last_name: 'Outsider' });
  const course = await makeCourse(t, admin, { title: 'Wafer basics', modules: [{ title: 'M1', lessons: [{ title: 'Intro' }] }] });
  a = (await makeCohort(t, admin, { title: 'Cohort A', course_ids: [course.id_slug] })).id_slug;
  b = (await makeCohort(t, admin, { title: 'Cohort B', course_ids: [course.id_slug] })).id_slug;
  c = (await makeCohort(t, admin, { title: 'Cohort C', course_ids: [course.id_slug] })).id_slug;
  await linkInstructor(t, admin, a, teacher);
  await linkInstructor(t, admin, b, teacher);
  await linkInstructor(t, admin, c, otherTeacher);
  await t.http.post(`/api/cohorts/admin/${a}/coaches`).set(bearer(admin)).send({ user_id_slug: coach.id_slug }).expect(201);
  await t.http.post(`/api/cohorts/admin/${c}/coaches`).set(bearer(admin)).send({ user_id_slug: otherCoach.id_slug }).expect(201);
  await enrol(t, admin, a, aina);
  await enrol(t, admin, a, badrul);
  await enrol(t, admin, b, badrul);
  await enrol(t, admin, b, chen);
  await enrol(t, admin, c, outsider);
  // The enrolment mails go first, out of the way of the counts below.
  await jobsSettled(t);
});
afterAll(async () => t?.close());

const post = (as: TestUser, body: Partial<SaveAnnouncement>) => t.http.post('/api/announcements/staff').set(bearer(as)).send(body);
const posted = async (as: TestUser, body: Partial<SaveAnnouncement>) => {
  const res = await post(as, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return StaffAnnouncementResponseSchema.parse(res.body).data;
};
const mine = async (as: TestUser) =>
  StudentAnnouncementsResponseSchema.parse((await t.http.get('/api/announcements/mine').set(bearer(as)).expect(200)).body);
const ofClass = async (as: TestUser, cohort: string) =>
  StudentAnnouncementsResponseSchema.parse((await t.http.get(`/api/announcements/class/${cohort}`).set(bearer(as)).expect(200)).body);
const inbox = (to: string): Promise<{ subject: string; html: string; text: string }[]> =>
  t.ds.query(`SELECT subject, html, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);
const announcementMails = async (to: string) =>
  (await inbox(to)).filter((m) => m.subject.startsWith('Cohort') || m.subject.includes('announcement'));

describe('posting', () => {
  it('refuses bad input with messages under each field', async () => {
    const missing = await post(teacher, { title: ' ', body: '', cohort_id_slugs: [] }).expect(400);
    expect(missing.body.errors).toMatchObject({
      title: ANNOUNCEMENT_MESSAGES.titleRequired,
      body: ANNOUNCEMENT_MESSAGES.bodyRequired,
      cohort_id_slugs: ANNOUNCEMENT_MESSAGES.cohortsRequired,
    });
    const long = await post(teacher, { title: 'x'.repeat(201), body: 'y'.repeat(5001), cohort_id_slugs: [a] }).expect(400);
    expect(long.body.errors).toMatchObject({ title: ANNOUNCEMENT_MESSAGES.titleTooLong, body: ANNOUNCEMENT_MESSAGES.bodyTooLong });
    // 5,000 characters with line breaks are fine.
    await posted(teacher, {
      title: 'x'.repeat(200),
      body: `${'y'.repeat(2000)}\n\n${'z'.repeat(2998)}`,
      cohort_id_slugs: [a],
      publish_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const past = await post(teacher, { title: 'Late', body: 'Too late', cohort_id_slugs: [a], publish_at: '2020-01-01T00:00:00Z' }).expect(
      400,
    );
    expect(past.body.errors.publish_at).toBe(ANNOUNCEMENT_MESSAGES.publishInPast);
  });

  it('reaches only the cohorts the author teaches or coaches (404 as a missing cohort); students cannot post', async () => {
    const body = { title: 'Hello', body: 'Hi', cohort_id_slugs: [a, c] };
    expect((await post(teacher, body).expect(404)).body.message).toBe(ANNOUNCEMENT_MESSAGES.cohortNotFound);
    await post(coach, { ...body, cohort_id_slugs: [b] }).expect(404);
    await post(otherCoach, { ...body, cohort_id_slugs: [a] }).expect(404);
    await post(aina, { ...body, cohort_id_slugs: [a] }).expect(403);
    const cohorts = async (as: TestUser) =>
      (await t.http.get('/api/announcements/staff/cohorts').set(bearer(as)).expect(200)).body.data.map((x: { title: string }) => x.title);
    expect(await cohorts(teacher)).toEqual(['Cohort A', 'Cohort B']);
    expect(await cohorts(coach)).toEqual(['Cohort A']);
    expect(await cohorts(admin)).toEqual(expect.arrayContaining(['Cohort A', 'Cohort B', 'Cohort C']));
    await t.http.get('/api/announcements/staff/cohorts').set(bearer(aina)).expect(403);
  });
});

describe('reading, order and read state', () => {
  it('students see their cohorts’ published ones, unread first then pinned then newest, each once, in one statement', async () => {
    const first = await posted(teacher, {
      title: 'Welcome to A and B',
      body: 'Line one\nLine two https://example.org/x.',
      cohort_id_slugs: [a, b],
    });
    expect(first).toMatchObject({ status: 'PUBLISHED', edited_at: null, cohorts: [{ title: 'Cohort A' }, { title: 'Cohort B' }] });
    const second = await posted(coach, { title: 'Coach note', body: 'For A', cohort_id_slugs: [a] });
    const pinned = await posted(admin, { title: 'Pinned rule', body: 'Read me', cohort_id_slugs: [a], pinned: true });
    const forC = await posted(otherTeacher, { title: 'Only C', body: 'Secret of C', cohort_id_slugs: [c] });

    const aList = await mine(aina);
    expect(aList.data.map((x) => x.title)).toEqual(['Pinned rule', 'Coach note', 'Welcome to A and B']);
    expect(aList.unread).toBe(3);
    expect(aList.data[2]).toMatchObject({ body: 'Line one\nLine two https://example.org/x.', author_name: 'Tan Teacher', read: false });
    // Badrul is in A and B: the shared one once.
    expect((await mine(badrul)).data.map((x) => x.title)).toEqual(['Pinned rule', 'Coach note', 'Welcome to A and B']);
    expect((await ofClass(chen, b)).data.map((x) => x.title)).toEqual(['Welcome to A and B']);

    // Reading one moves it after the unread ones and lowers the count.
    expect((await t.http.post(`/api/announcements/${pinned.id_slug}/read`).set(bearer(aina)).send({}).expect(200)).body).toEqual({
      unread: 2,
    });
    // Again is harmless.
    expect((await t.http.post(`/api/announcements/${pinned.id_slug}/read`).set(bearer(aina)).send({}).expect(200)).body).toEqual({
      unread: 2,
    });
    const after = await ofClass(aina, a);
    expect(after.data.map((x) => [x.title, x.read])).toEqual([
      ['Coach note', false],
      ['Welcome to A and B', false],
      ['Pinned rule', true],
    ]);
    expect(after.unread).toBe(2);
    expect((await mine(badrul)).unread).toBe(3);

    // One statement each (the session's check is warm after the calls above; the mail jobs done first).
    await jobsSettled(t);
    expect(await countStatements(() => mine(aina))).toBe(1);
    expect(await countStatements(() => ofClass(aina, a))).toBe(1);
    expect(
      await countStatements(() => t.http.post(`/api/announcements/${second.id_slug}/read`).set(bearer(aina)).send({}).expect(200)),
    ).toBe(1);

    // Nobody reads another cohort's: a student of another cohort, an instructor or coach of another cohort.
    expect((await mine(outsider)).data.map((x) => x.title)).toEqual(['Only C']);
    await t.http.get(`/api/announcements/class/${a}`).set(bearer(outsider)).expect(404);
    await t.http.post(`/api/announcements/${first.id_slug}/read`).set(bearer(outsider)).send({}).expect(404);
    await t.http.post(`/api/announcements/${forC.id_slug}/read`).set(bearer(aina)).send({}).expect(404);
    const staffTitles = async (as: TestUser) =>
      StaffAnnouncementsResponseSchema.parse((await t.http.get('/api/announcements/staff').set(bearer(as)).expect(200)).body).data.map(
        (x) => x.title,
      );
    expect(await staffTitles(otherTeacher)).toEqual(['Only C']);
    expect(await staffTitles(otherCoach)).toEqual(['Only C']);
    expect(await staffTitles(coach)).not.toContain('Only C');
    expect(await staffTitles(teacher)).toContain('Coach note');
    await t.http.patch(`/api/announcements/staff/${first.id_slug}`).set(bearer(otherTeacher)).send({ title: 'Mine now' }).expect(404);
    await t.http.patch(`/api/announcements/staff/${first.id_slug}`).set(bearer(otherCoach)).send({ title: 'Mine now' }).expect(404);
    await t.http.get('/api/announcements/staff').set(bearer(aina)).expect(403);
    // A colleague who reaches the cohort may not rewrite someone else's words.
    expect(
      (await t.http.patch(`/api/announcements/staff/${first.id_slug}`).set(bearer(coach)).send({ title: 'Hijack' }).expect(403)).body
        .message,
    ).toBe(ANNOUNCEMENT_MESSAGES.notAuthor);
  });

  it('keeps markup as text: a body with <script> and <img onerror> comes back as typed, and the mail escapes it', async () => {
    const body = 'Hi <script>alert(1)</script> and <img src=x onerror=alert(2)>';
    const x = await posted(teacher, { title: '<b>Bold?</b>', body, cohort_id_slugs: [b] });
    expect((await ofClass(chen, b)).data.find((r) => r.id_slug === x.id_slug)).toMatchObject({ title: '<b>Bold?</b>', body });
    const mail = await until('the mail', async () => (await inbox(chen.email)).find((m) => m.subject === 'Cohort B: <b>Bold?</b>'));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script>');
  });
});

describe('scheduling, editing, cancelling', () => {
  it('publishes a scheduled one at its time; it can be moved or cancelled before; an edit after going out is marked', async () => {
    const soon = await posted(teacher, {
      title: 'Scheduled soon',
      body: 'Later',
      cohort_id_slugs: [a],
      publish_at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(soon).toMatchObject({ status: 'SCHEDULED', published_at: null });
    expect((await mine(aina)).data.map((x) => x.title)).not.toContain('Scheduled soon');
    // Edit before it goes out: not marked edited; moved to two seconds ahead.
    const moved = StaffAnnouncementResponseSchema.parse(
      (
        await t.http
          .patch(`/api/announcements/staff/${soon.id_slug}`)
          .set(bearer(teacher))
          .send({ title: 'Scheduled now', publish_at: new Date(Date.now() + 2000).toISOString(), cohort_id_slugs: [a, b] })
          .expect(200)
      ).body,
    ).data;
    expect(moved).toMatchObject({ status: 'SCHEDULED', edited_at: null, title: 'Scheduled now' });
    await until('publishing', async () => (await mine(chen)).data.some((x) => x.title === 'Scheduled now'), 60_000);

    const gone = await posted(teacher, {
      title: 'Never sent',
      body: 'Cancelled',
      cohort_id_slugs: [a],
      publish_at: new Date(Date.now() + 2000).toISOString(),
    });
    expect(
      (await t.http.post(`/api/announcements/staff/${gone.id_slug}/cancel`).set(bearer(teacher)).send({}).expect(200)).body.data.status,
    ).toBe('CANCELLED');
    await new Promise((r) => setTimeout(r, 3000));
    await jobsSettled(t);
    expect((await mine(aina)).data.map((x) => x.title)).not.toContain('Never sent');
    expect((await announcementMails(aina.email)).map((m) => m.subject)).not.toContain('Cohort A: Never sent');

    const sent = (await mine(chen)).data.find((x) => x.title === 'Scheduled now')!;
    const cancelSent = await t.http.post(`/api/announcements/staff/${sent.id_slug}/cancel`).set(bearer(teacher)).send({}).expect(400);
    expect(cancelSent.body.message).toBe(ANNOUNCEMENT_MESSAGES.cancelledOrSent);
    const edited = (
      await t.http.patch(`/api/announcements/staff/${sent.id_slug}`).set(bearer(teacher)).send({ body: 'Corrected' }).expect(200)
    ).body.data;
    expect(edited.edited_at).not.toBeNull();
    expect((await mine(chen)).data.find((x) => x.id_slug === sent.id_slug)).toMatchObject({
      body: 'Corrected',
      edited_at: edited.edited_at,
    });
    const refused = await t.http
      .patch(`/api/announcements/staff/${sent.id_slug}`)
      .set(bearer(teacher))
      .send({ cohort_id_slugs: [a] })
      .expect(400);
    expect(refused.body.message).toBe(ANNOUNCEMENT_MESSAGES.alreadySent);
    // Pinning changes the order without marking an edit.
    const pin = (await t.http.patch(`/api/announcements/staff/${sent.id_slug}`).set(bearer(teacher)).send({ pinned: true }).expect(200))
      .body.data;
    expect(pin.edited_at).toBe(edited.edited_at);
    expect((await t.http.get('/api/announcements/staff').set(bearer(teacher)).expect(200)).body.data[0].title).toBe('Scheduled now');
  });
});

describe('mail', () => {
  it('goes to each student as chosen: each one, a daily digest, or none; the unsubscribe link turns it off', async () => {
    const d1 = await createUser(t, { first_name: 'Dina', last_name: 'Digest' });
    const off = await createUser(t, { first_name: 'Omar', last_name: 'Off' });
    const each = await createUser(t, { first_name: 'Elle', last_name: 'Each' });
    const course = await makeCourse(t, admin, { title: 'Mail course', modules: [{ title: 'M1', lessons: [{ title: 'Intro' }] }] });
    const m = (await makeCohort(t, admin, { title: 'Mail cohort', course_ids: [course.id_slug] })).id_slug;
    for (const s of [d1, off, each]) await enrol(t, admin, m, s);
    await t.http.patch(`/api/notifications/preferences/${d1.id_slug}/`).set(bearer(d1)).send({ announcements: 'digest' }).expect(200);
    await t.http.patch(`/api/notifications/preferences/${off.id_slug}/`).set(bearer(off)).send({ announcements: 'off' }).expect(200);
    const bad = await t.http
      .patch(`/api/notifications/preferences/${off.id_slug}/`)
      .set(bearer(off))
      .send({ announcements: 'weekly' })
      .expect(400);
    expect(bad.body.errors.announcements).toBe('Choose each, daily digest or off');

    await posted(admin, { title: 'Exam hall', body: 'Room 4\nBring ID', cohort_id_slugs: [m] });
    await posted(admin, { title: 'Lab closed', body: 'Friday', cohort_id_slugs: [m] });
    await jobsSettled(t);
    const eachMail = (await inbox(each.email)).filter((x) => x.subject.startsWith('Mail cohort:'));
    expect(eachMail.map((x) => x.subject).sort()).toEqual(['Mail cohort: Exam hall', 'Mail cohort: Lab closed']);
    expect(eachMail[0].text).toContain('Hello Elle,');
    expect(eachMail[0].html).toContain('/unsubscribe?token=');
    expect((await inbox(d1.email)).filter((x) => x.subject.startsWith('Mail cohort:'))).toEqual([]);
    expect((await inbox(off.email)).filter((x) => x.subject.startsWith('Mail cohort:'))).toEqual([]);

    // The digest of the school day just ended: one mail listing both, to the digest student only, once.
    const service = t.app.get(AnnouncementsService);
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await service.sendDigest(tomorrow)).toBeGreaterThanOrEqual(1);
    await service.sendDigest(tomorrow);
    await jobsSettled(t);
    const digests = (await inbox(d1.email)).filter((x) => x.subject.includes('announcements in your classes'));
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain('Exam hall');
    expect(digests[0].text).toContain('Lab closed');
    expect((await inbox(each.email)).filter((x) => x.subject.includes('in your classes'))).toEqual([]);
    expect((await inbox(off.email)).filter((x) => x.subject.includes('in your classes'))).toEqual([]);

    // One-click unsubscribe from the mail's own link turns announcement mail off for that student.
    const token = decodeURIComponent(/unsubscribe\?token=([^"&]+)/.exec(eachMail[0].html)![1]);
    const res = await t.http
      .post(`/api/notifications/unsubscribe/?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body.kind).toBe('announcements');
    expect(
      (await t.http.get(`/api/notifications/preferences/${each.id_slug}/`).set(bearer(each)).expect(200)).body.preferences.announcements,
    ).toBe('off');
    await posted(admin, { title: 'After unsubscribing', body: 'Quiet', cohort_id_slugs: [m] });
    await jobsSettled(t);
    expect((await inbox(each.email)).map((x) => x.subject)).not.toContain('Mail cohort: After unsubscribing');
  });
});

describe('the posting limit', () => {
  it(`allows ${ANNOUNCEMENT_POSTS_PER_HOUR} an hour per author, then answers 429 with a message`, async () => {
    const busy = await createUser(t, { role: 'INSTRUCTOR' });
    await linkInstructor(t, admin, c, busy);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (let i = 0; i < ANNOUNCEMENT_POSTS_PER_HOUR; i++)
      await posted(busy, { title: `Post ${i}`, body: 'x', cohort_id_slugs: [c], publish_at: later });
    const res = await post(busy, { title: 'One more', body: 'x', cohort_id_slugs: [c], publish_at: later }).expect(429);
    expect(res.body.message).toMatch(/^You have posted too many announcements\. Please try again in \d+ minutes?\.$/);
    // Others still post.
    await posted(otherTeacher, { title: 'Not limited', body: 'x', cohort_id_slugs: [c], publish_at: later });
  });
});
