import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MailService } from '../../src/platform/mail/mail.service';
import {
  APPLICATION_DIGEST_JOB,
  DEADLINE_REMINDERS_JOB,
  ScheduledNotifications,
} from '../../src/modules/notifications/scheduled-notifications';
import { NotificationsService } from '../../src/modules/notifications/notifications.service';
import { enrol as addStudent, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { grantExtension, isoHours, setGradeItem } from '../fixtures/grade-item.fixtures';
import { submitApplication } from '../fixtures/application.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

const WEB_ORIGIN = 'http://site.example.test';
const PUBLIC_URL = 'http://api.example.test';

let t: TestApp;
let admin: TestUser;
let scheduled: ScheduledNotifications;
type Sent = { to: string; headers?: Record<string, string> };
let sendMail: { mock: { calls: unknown[][] } };
beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN, PUBLIC_URL, DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1' });
  scheduled = t.app.get(ScheduledNotifications);
  admin = await createUser(t, { role: 'ADMIN' });
  // Every message handed to SMTP, headers included (the mailbox keeps only the bodies).
  const transport = await (t.app.get(MailService) as unknown as { open(): Promise<{ sendMail: (...a: unknown[]) => unknown }> }).open();
  sendMail = vi.spyOn(transport, 'sendMail');
});
afterAll(async () => t?.close());

type Mail = { subject: string; html: string; text: string };
const inbox = (to: string): Promise<Mail[]> =>
  t.ds.query(`SELECT subject, html, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);
/** The deadline reminders among a student's mail (enrolling them through the API sends its own mail). */
const reminders = async (to: string) => (await inbox(to)).filter((m) => m.subject.startsWith('Due in 24 hours'));
const sentHeaders = (to: string) =>
  sendMail.mock.calls
    .map((c) => c[0] as Sent)
    .filter((m) => m.to === to)
    .map((m) => m.headers ?? {});

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
/** Waits until no mail job is left to run. */
const mailSettled = () =>
  until('the mail queue to empty', async () => {
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND state IN ('created', 'retry', 'active')`,
    );
    return n === 0;
  });

const prefs = (as: TestUser, of: { id_slug: string }) => t.http.get(`/api/notifications/preferences/${of.id_slug}/`).set(bearer(as));
const setPrefs = (as: TestUser, of: { id_slug: string }, body: object) =>
  t.http.patch(`/api/notifications/preferences/${of.id_slug}/`).set(bearer(as)).send(body);

let serial = 0;
/**
 * A cohort with one course whose lessons are the given projects, each a grade item set up through
 * the admin call (its deadline, mandatory flag and open date), as an admin would.
 */
async function cohortWith(
  items: { title: string; dueInHours: number; mandatory?: boolean; opensInHours?: number; resultsInHours?: number }[],
) {
  const n = ++serial;
  const course = await makeCourse(t, admin, {
    title: `Reminder course ${n}`,
    modules: [{ title: 'M', lessons: items.map((i) => ({ title: `${i.title} ${n}`, lesson_type: 'PROJECT' as const })) }],
  });
  const cohort = await makeCohort(t, admin, { title: `Reminder cohort ${n}`, course_ids: [course.id_slug] });
  const grades: Record<string, string> = {};
  const slugs: Record<string, string> = {};
  const lessons: Record<string, string> = {};
  for (const i of items) {
    const lesson = course.modules[0].lessons.find((l) => l.title === `${i.title} ${n}`)!;
    slugs[i.title] = await setGradeItem(t, admin, cohort.id_slug, lesson.id_slug, {
      deadline_datetime: isoHours(i.dueInHours),
      open_datetime: i.opensInHours === undefined ? null : isoHours(i.opensInHours),
      result_open_datetime: i.resultsInHours === undefined ? null : isoHours(i.resultsInHours),
      is_mandatory: i.mandatory ?? true,
      grade_percentage: 10,
    });
    lessons[i.title] = lesson.id_slug;
    const [row] = await t.ds.query(`SELECT id FROM cohort_grades WHERE id_slug = $1`, [slugs[i.title]]);
    grades[i.title] = row.id;
  }
  return { cohort, grades, slugs, lessons, n };
}

describe('notification preferences', () => {
  it('are all on by default and saved per user', async () => {
    const s = await createUser(t);
    expect((await prefs(s, s).expect(200)).body).toEqual({
      preferences: { deadline_reminders: true, application_digest: true, announcements: 'each' },
    });
    const res = await setPrefs(s, s, { deadline_reminders: false }).expect(200);
    expect(res.body.preferences).toEqual({ deadline_reminders: false, application_digest: true, announcements: 'each' });
    expect((await prefs(s, s).expect(200)).body.preferences.deadline_reminders).toBe(false);
    await setPrefs(s, s, {}).expect(400);
    await setPrefs(s, s, { deadline_reminders: 'no' }).expect(400);
    await setPrefs(s, s, { password_reset: false }).expect(400);
  });

  it("a student can neither read nor change another's; an admin can", async () => {
    const a = await createUser(t);
    const b = await createUser(t);
    await prefs(a, b).expect(404);
    await setPrefs(a, b, { deadline_reminders: false }).expect(404);
    expect((await prefs(b, b).expect(200)).body.preferences.deadline_reminders).toBe(true);
    await setPrefs(admin, b, { deadline_reminders: false }).expect(200);
    expect((await prefs(b, b).expect(200)).body.preferences.deadline_reminders).toBe(false);
    await prefs(admin, { id_slug: 'nobody0000000000' }).expect(404);
    await t.http.get(`/api/notifications/preferences/${a.id_slug}/`).expect(401);
  });
});

// Set up through the API as staff would (course, cohort, grade items, enrolments): slower than SQL on a busy machine.
describe('deadline reminders', { timeout: 120_000 }, () => {
  it('go once per student and item, even when the job runs twice at once, and honour the preference', async () => {
    const { cohort, grades, lessons } = await cohortWith([
      { title: 'Due soon', dueInHours: 5 },
      { title: 'Optional', dueInHours: 5, mandatory: false },
      { title: 'Later', dueInHours: 30 },
      { title: 'Not open yet', dueInHours: 5, opensInHours: 2 },
      { title: 'Past', dueInHours: -1 },
    ]);
    const keen = await createUser(t, { first_name: 'Keen' });
    const quiet = await createUser(t, { first_name: 'Quiet' });
    const done = await createUser(t, { first_name: 'Done' });
    const away = await createUser(t, { first_name: 'Away' });
    for (const u of [keen, quiet, done, away]) await addStudent(t, admin, cohort.id_slug, u);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update-students`)
      .set(bearer(admin))
      .send({ user_id_slug: away.id_slug, enrolment_status: 'SUSPENDED' })
      .expect(200);
    await setPrefs(quiet, quiet, { deadline_reminders: false }).expect(200);
    await t.http
      .post(`/api/cohorts/${cohort.id_slug}/lessons/${lessons['Due soon']}/project/submission`)
      .set(bearer(done))
      .attach('file', makeZip([{ name: 'top.v', data: 'module top; endmodule' }]), 'p.zip')
      .expect(201);

    // Two workers at the same moment: each claims in its own transaction.
    const [first, second] = await Promise.all([scheduled.sendDeadlineReminders(), scheduled.sendDeadlineReminders()]);
    await scheduled.sendDeadlineReminders();
    expect(first + second).toBeGreaterThanOrEqual(1);
    const rows = await t.ds.query(`SELECT user_id::text, cohort_grade_id::text FROM deadline_reminders WHERE cohort_grade_id = ANY($1)`, [
      Object.values(grades),
    ]);
    expect(rows).toEqual([{ user_id: keen.id, cohort_grade_id: grades['Due soon'] }]);

    await until('the reminder', async () => (await reminders(keen.email)).length > 0);
    await mailSettled();
    const mails = await reminders(keen.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Due in 24 hours: Due soon ${serial}`);
    expect(mails[0].text).toContain(`/class/${cohort.id_slug}`);
    expect(mails[0].text).toContain('Stop deadline reminders');
    expect(await reminders(quiet.email)).toHaveLength(0);
    expect(await reminders(done.email)).toHaveLength(0);
    expect(await reminders(away.email)).toHaveLength(0);

    // A turned-off reminder is not sent; account mail always is.
    await t.http.post('/api/auth/password-reset/request/').send({ email: quiet.email }).expect(202);
    const reset = async () => (await inbox(quiet.email)).find((m) => m.subject === 'Reset your ChipSkills Academy password');
    await until('the reset mail', reset);
    expect(sentHeaders(quiet.email).every((h) => !('List-Unsubscribe' in h))).toBe(true);
  });

  it("follow each student's own deadline: an extension holds the reminder back, and a moved deadline is reminded again", async () => {
    const { cohort, slugs } = await cohortWith([{ title: 'Extended', dueInHours: 5 }]);
    const early = await createUser(t, { first_name: 'Early' });
    const later = await createUser(t, { first_name: 'Later' });
    const moved = await createUser(t, { first_name: 'Moved' });
    for (const u of [early, later, moved]) await addStudent(t, admin, cohort.id_slug, u);
    await grantExtension(t, admin, slugs.Extended, { user_id_slugs: [later.id_slug], deadline_datetime: isoHours(40) }).expect(201);

    await scheduled.sendDeadlineReminders();
    await until('the reminders', async () => (await reminders(early.email)).length > 0 && (await reminders(moved.email)).length > 0);
    expect(await reminders(later.email)).toHaveLength(0);

    // Moved, already reminded, is given two more days: nothing until the new deadline comes near.
    await grantExtension(t, admin, slugs.Extended, { user_id_slugs: [moved.id_slug], deadline_datetime: isoHours(53) }).expect(201);
    expect(await scheduled.sendDeadlineReminders()).toBe(0);
    // Time passes (the extensions' deadlines are brought 37 hours nearer): both are due now, once each.
    await t.ds.query(
      `UPDATE grade_extensions SET deadline_datetime = deadline_datetime - interval '37 hours' WHERE cohort_grade_id = (
                        SELECT id FROM cohort_grades WHERE id_slug = $1)`,
      [slugs.Extended],
    );
    await Promise.all([scheduled.sendDeadlineReminders(), scheduled.sendDeadlineReminders()]);
    await until(
      'the reminders of the new deadlines',
      async () => (await reminders(later.email)).length > 0 && (await reminders(moved.email)).length > 1,
    );
    await mailSettled();
    expect(await reminders(later.email)).toHaveLength(1);
    expect(await reminders(moved.email)).toHaveLength(2);
    expect(await reminders(early.email)).toHaveLength(1);
    expect((await reminders(moved.email))[1].subject).toBe(`Due in 24 hours: Extended ${serial}`);
  });

  it('run as recurring singleton jobs', async () => {
    const queues = await t.ds.query(`SELECT name, policy FROM ${JOBS_SCHEMA}.queue WHERE name = ANY($1) ORDER BY name`, [
      [APPLICATION_DIGEST_JOB, DEADLINE_REMINDERS_JOB],
    ]);
    expect(queues).toEqual([
      { name: APPLICATION_DIGEST_JOB, policy: 'singleton' },
      { name: DEADLINE_REMINDERS_JOB, policy: 'singleton' },
    ]);
    const schedules = await t.ds.query(`SELECT name FROM ${JOBS_SCHEMA}.schedule WHERE name = ANY($1) ORDER BY name`, [
      [APPLICATION_DIGEST_JOB, DEADLINE_REMINDERS_JOB],
    ]);
    expect(schedules).toHaveLength(2);
  });
});

describe('one-click unsubscribe', () => {
  it('carries RFC 8058 headers and works without signing in, for its own user only', async () => {
    const { cohort } = await cohortWith([{ title: 'Quiz', dueInHours: 3 }]);
    const a = await createUser(t);
    const b = await createUser(t);
    await addStudent(t, admin, cohort.id_slug, a);
    await scheduled.sendDeadlineReminders();
    await until('the reminder', async () => (await reminders(a.email)).length > 0);

    const headers = sentHeaders(a.email).find((h) => 'List-Unsubscribe' in h)!;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(headers['List-Unsubscribe'])![1];
    const url = new URL(oneClick);
    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/api/notifications/unsubscribe/');
    const token = url.searchParams.get('token')!;
    // The footer links to the page that posts the same token.
    expect((await reminders(a.email))[0].html).toContain(`${WEB_ORIGIN}/unsubscribe?token=${encodeURIComponent(token)}`);

    // The token cannot be bent to another user.
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(`${b.id_slug}.deadline_reminders`).toString('base64url')}.${signature}`;
    await t.http
      .post(`/api/notifications/unsubscribe/?token=${encodeURIComponent(forged)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    await t.http.post('/api/notifications/unsubscribe/?token=junk').type('form').send('List-Unsubscribe=One-Click').expect(400);

    // What a mail client sends: a form POST, no cookie, no token.
    const res = await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(res.body.kind).toBe('deadline_reminders');
    expect((await prefs(a, a).expect(200)).body.preferences).toEqual({
      deadline_reminders: false,
      application_digest: true,
      announcements: 'each',
    });
    expect((await prefs(b, b).expect(200)).body.preferences.deadline_reminders).toBe(true);
    // Again is harmless.
    await t.http.post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click').expect(200);
  });
});

describe('daily digest of programme applications', () => {
  /** An application sent through the public form, then aged to when it came in (moving time). */
  const applicationAt = async (fullName: string, at: Date) => {
    const id = await submitApplication(t, { full_name: fullName, email: `${fullName.toLowerCase().replace(/ /g, '.')}@example.com` });
    await t.ds.query(`UPDATE programme_applications SET created_date = $2 WHERE id = $1`, [id, at]);
  };

  it('sends each admin one mail listing the day’s applications, once, and nothing on a day without any', async () => {
    const admin1 = await createUser(t, { role: 'ADMIN', first_name: 'Hana' });
    const admin2 = await createUser(t, { role: 'ADMIN', first_name: 'Omar' });
    const optedOut = await createUser(t, { role: 'ADMIN' });
    const student = await createUser(t);
    await setPrefs(optedOut, optedOut, { application_digest: false }).expect(200);
    // 12 March 2031 in Malaysia (UTC+8) runs from 11 March 16:00 UTC to 12 March 16:00 UTC.
    await applicationAt('Siti Aminah', new Date('2031-03-11T16:30:00Z'));
    await applicationAt('Lim Wei Jie', new Date('2031-03-12T09:15:00Z'));
    await applicationAt('Too Early', new Date('2031-03-11T15:59:00Z'));
    await applicationAt('Too Late', new Date('2031-03-12T16:00:00Z'));

    const runAt = new Date('2031-03-12T16:05:00Z'); // 00:05 on 13 March, school time
    const [x, y] = await Promise.all([scheduled.sendApplicationDigest(runAt), scheduled.sendApplicationDigest(runAt)]);
    // One run made the day's digest (every admin with it on, these two among them); the other found it made.
    expect(Math.min(x, y)).toBe(0);
    expect(Math.max(x, y)).toBeGreaterThanOrEqual(2);
    expect(await scheduled.sendApplicationDigest(runAt)).toBe(0);

    await until('the digests', async () => (await inbox(admin2.email)).length > 0 && (await inbox(admin1.email)).length > 0);
    await mailSettled();
    const [mail] = await inbox(admin1.email);
    expect(await inbox(admin1.email)).toHaveLength(1);
    expect(mail.subject).toBe('2 new programme applications on 12 March 2031');
    expect(mail.text).toContain('Hello Hana,');
    expect(mail.text.indexOf('Lim Wei Jie')).toBeLessThan(mail.text.indexOf('Siti Aminah'));
    expect(mail.text).toContain('siti.aminah@example.com');
    expect(mail.text).toContain('00:30');
    expect(mail.text).not.toContain('Too Early');
    expect(mail.text).not.toContain('Too Late');
    expect(mail.text).toContain('/admin/applications');
    expect(sentHeaders(admin1.email)[0]['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await inbox(optedOut.email)).toHaveLength(0);
    expect(await inbox(student.email)).toHaveLength(0);

    // A day without applications: recorded, nothing sent.
    expect(await scheduled.sendApplicationDigest(new Date('2031-03-20T16:05:00Z'))).toBe(0);
    const [day] = await t.ds.query(`SELECT application_count FROM application_digests WHERE digest_date = '2031-03-20'`);
    expect(day.application_count).toBe(0);
  });
});

describe('notices other modules send', () => {
  it('grade released and certificate issued: queued in the caller’s transaction, once each', async () => {
    const notifications = t.app.get(NotificationsService);
    // Results a month away: the grading call stores the grade without telling the student yet.
    const { cohort, slugs, lessons, n } = await cohortWith([{ title: 'Project', dueInHours: 48, resultsInHours: 720 }]);
    const s = await createUser(t, { first_name: 'Aisyah' });
    await addStudent(t, admin, cohort.id_slug, s);
    // Issued by hand before any work is handed in, so the evaluation the hand-in queues finds it issued.
    const cert = await linkNewCertificate(t, admin, cohort.id_slug, 'Digital IC Design');
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/certificates/${cert}/issue`)
      .set(bearer(admin))
      .send({ user_id_slug: s.id_slug, reason: 'Completed the course elsewhere' })
      .expect(201);
    const handedIn = await t.http
      .post(`/api/cohorts/${cohort.id_slug}/lessons/${lessons.Project}/project/submission`)
      .set(bearer(s))
      .attach('file', makeZip([{ name: 'top.v', data: 'module top; endmodule' }]), 'p.zip')
      .expect(201);
    await t.http
      .put(`/api/grading/submissions/${handedIn.body.data.submission.id_slug}/grade`)
      .set(bearer(admin))
      .send({ user_grade: 88 })
      .expect(200);
    const [ug] = await t.ds.query(
      `SELECT ug.id FROM user_grades ug JOIN cohort_grades g ON g.id = ug.cohort_grade_id WHERE g.id_slug = $1 AND ug.user_id = $2`,
      [slugs.Project, s.id],
    );
    const [uc] = await t.ds.query(
      `SELECT uc.id FROM user_certificates uc JOIN certificates c ON c.id = uc.certificate_id WHERE c.id_slug = $1 AND uc.user_id = $2`,
      [cert, s.id],
    );
    // A rolled-back change sends nothing.
    await t.ds
      .transaction(async (m) => {
        await notifications.gradeReleased(m, ug.id);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // The issue call told the student already: telling again of the same credential sends nothing more.
    await t.ds.transaction(async (m) => {
      await notifications.gradeReleased(m, ug.id);
      await notifications.gradeReleased(m, ug.id);
      await notifications.certificateIssued(m, uc.id);
    });
    const notices = async () => (await inbox(s.email)).filter((m) => !m.subject.startsWith('You have been enrolled'));
    await until('both notices', async () => (await notices()).length >= 2);
    await mailSettled();
    const subjects = (await notices()).map((m) => m.subject).sort();
    expect(subjects).toEqual([`Your certificate is ready: Digital IC Design`, `Your grade for Project ${n} is ready`]);
  });
});
