import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_VERIFICATION_LINK_INVALID_MESSAGE,
  EMAIL_VERIFICATION_LINK_USED_MESSAGE,
  EMAIL_VERIFIED_MESSAGE,
  routes,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * Registration never proves the address: a seat waiting for an email (a cohort's queue entry, its
 * invitation) goes only to an account that proved it, through the invitation link, the
 * confirmation mailed on registration, or a password reset link.
 */
const WEB_ORIGIN = 'http://site.example.test';
const PASSWORD = 'Fresh#Wafer7781';

let t: TestApp;
let admin: TestUser;
let cohort: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1', WEB_ORIGIN });
  admin = await createUser(t, { role: 'ADMIN' });
  const course = await makeCourse(t, admin, { title: 'Seat course' });
  cohort = await makeCohort(t, admin, { title: 'Seat cohort', course_ids: [course.id_slug] });
});
afterAll(async () => t?.close());

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Mail = { subject: string; text: string; html: string };
const inbox = (to: string): Promise<Mail[]> =>
  t.ds.query(`SELECT subject, text, html FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

/** The token of the n-th link to `path` mailed to the address. */
async function nthLink(to: string, path: string, n = 1): Promise<string> {
  const pattern = new RegExp(`${path.replace(/[?]/g, '\\?')}=([A-Za-z0-9_-]+)`, 'g');
  const links = await until(`link ${n} of ${path} to ${to}`, async () => {
    // A message shows its link twice (the button and the plain link).
    const found = [...new Set((await inbox(to)).flatMap((m) => [...m.text.matchAll(pattern)].map((x) => x[1])))];
    return found.length >= n && found;
  });
  return links[n - 1];
}
const verifyLink = (to: string, n = 1) => nthLink(to, `${WEB_ORIGIN}/account/verify-email?token`, n);
const inviteLink = (to: string, n = 1) => nthLink(to, '/create-account?invite', n);

let seq = 0;
const freshEmail = (what: string) => `${what}-${Date.now()}-${++seq}@seat.test`;

const register = (email: string, first_name = 'Ina', extra: Record<string, unknown> = {}) =>
  t.http.post('/api/auth/register/').send({ email, password: PASSWORD, first_name, last_name: 'Person', ...extra });
const bulk = (email: string) =>
  t.http
    .post(`/api/cohorts/admin/${cohort.id_slug}/add-student-bulk`)
    .set(bearer(admin))
    .send({ students: [{ email, first_name: 'Real', last_name: 'Owner' }] });
const verify = (token: string) => t.http.post('/api/auth/verify-email/').send({ token });
const statusOf = (access: string) => t.http.get('/api/auth/account/verify-email/').set('Authorization', `Bearer ${access}`);
const enrolled = async (email: string) =>
  (
    await t.ds.query(`SELECT 1 FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.email = $1 AND e.cohort_id = $2`, [
      email,
      cohort.id,
    ])
  ).length === 1;
const queued = async (email: string) =>
  (await t.ds.query(`SELECT 1 FROM cohort_queue WHERE email = $1 AND cohort_id = $2`, [email, cohort.id])).length === 1;

describe('self-registration without a link', () => {
  it('signs in at once, joins no queued cohort, and joins it once the mailed link confirms the address', async () => {
    const email = freshEmail('queued');
    await bulk(email).expect(200);
    const reg = await register(email).expect(201);
    expect(reg.body.access).toEqual(expect.any(String));
    expect(await enrolled(email)).toBe(false);
    expect(await queued(email)).toBe(true);
    const before = routes.emailVerificationStatus.response.parse((await statusOf(reg.body.access).expect(200)).body);
    expect(before).toEqual({ email, verified: false });

    const token = await verifyLink(email);
    const done = routes.emailVerify.response.parse((await verify(token).expect(200)).body);
    expect(done).toEqual({ message: EMAIL_VERIFIED_MESSAGE, email });
    expect(await enrolled(email)).toBe(true);
    expect(await queued(email)).toBe(false);
    expect((await statusOf(reg.body.access).expect(200)).body).toEqual({ email, verified: true });
    // Once only.
    expect((await verify(token).expect(400)).body.message).toBe(EMAIL_VERIFICATION_LINK_USED_MESSAGE);
    await verify('x'.repeat(43)).expect(400);
  });

  it('the confirmation mail greets the person by first name', async () => {
    const email = freshEmail('greeting');
    await register(email, 'Nur Aisyah').expect(201);
    await verifyLink(email);
    const [mail] = await inbox(email);
    expect(mail.subject).toBe('Confirm your ChipSkills Academy email');
    expect(mail.text).toContain('Hello Nur Aisyah,');
    expect(mail.html).toContain('Hello Nur Aisyah,');
  });

  it('the confirmation mail leaves out a first name that is not a name: it carries no message a stranger chose', async () => {
    const email = freshEmail('greeting');
    await register(email, 'Your bank account is locked').expect(201);
    await verifyLink(email);
    const [mail] = await inbox(email);
    expect(mail.text).toMatch(/^Hello,$/m);
    expect(mail.text + mail.html).not.toContain('bank account');
  });

  it('an attacker who registers the address first never gets the seat; the owner gets it through a reset link', async () => {
    const email = freshEmail('victim');
    const attacker = await register(email, 'Mallory').expect(201);
    // The admin adds the real owner's address later: the unverified account is not enrolled.
    const added = await bulk(email).expect(200);
    expect(added.body).toMatchObject({ successfully_added_to_cohort: 0, added_to_queue: 1 });
    expect(await enrolled(email)).toBe(false);
    const classes = await t.http
      .get(`/api/user-cohorts/user/${attacker.body.user.id_slug}/`)
      .set('Authorization', `Bearer ${attacker.body.access}`)
      .expect(200);
    expect(JSON.stringify(classes.body)).not.toContain('Seat cohort');
    // The invitation goes to the address; the owner takes the account back with a reset link,
    // which proves the address and gives the seat.
    await inviteLink(email);
    await t.http.post('/api/auth/password-reset/request/').send({ email }).expect(202);
    const reset = await nthLink(email, `${WEB_ORIGIN}/login/reset-password?token`);
    const confirmed = await t.http
      .post('/api/auth/password-reset/confirm/')
      .send({ token: reset, new_password: 'Owner#Silicon-2027', confirm_new_password: 'Owner#Silicon-2027' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await enrolled(email)).toBe(true);
    expect(await queued(email)).toBe(false);
  });

  it('registering through the invitation link proves the address: enrolled at once, verified', async () => {
    const email = freshEmail('invited');
    await bulk(email).expect(200);
    const invite = await inviteLink(email);
    const reg = await register(email, 'Ina', { invite }).expect(201);
    expect(await enrolled(email)).toBe(true);
    expect((await statusOf(reg.body.access).expect(200)).body).toEqual({ email, verified: true });
    const resend = await t.http
      .post('/api/auth/account/verify-email/resend/')
      .set('Authorization', `Bearer ${reg.body.access}`)
      .expect(409);
    expect(resend.body.message).toBe(EMAIL_ALREADY_VERIFIED_MESSAGE);
  });

  it('a resent link replaces the earlier one', async () => {
    const email = freshEmail('resend');
    const reg = await register(email).expect(201);
    const first = await verifyLink(email, 1);
    const sent = await t.http.post('/api/auth/account/verify-email/resend/').set('Authorization', `Bearer ${reg.body.access}`).expect(200);
    expect(routes.emailVerificationResend.response.parse(sent.body).message).toContain(email);
    const second = await verifyLink(email, 2);
    expect((await verify(first).expect(400)).body.message).toBe(EMAIL_VERIFICATION_LINK_INVALID_MESSAGE);
    const secondUse = await verify(second);
    expect(secondUse.status, JSON.stringify(secondUse.body)).toBe(200);
  });

  it('accounts made by staff (and those made before) count as verified: a bulk add enrols them at once', async () => {
    const existing = await createUser(t, { role: 'STUDENT' });
    expect((await statusOf(existing.access).expect(200)).body).toEqual({ email: existing.email, verified: true });
    await bulk(existing.email).expect(200);
    expect(await enrolled(existing.email)).toBe(true);
  });
});

describe('who may ask', () => {
  it('each account reads and resends only its own confirmation; signed out, nobody', async () => {
    const mine = await register(freshEmail('mine')).expect(201);
    const theirs = await register(freshEmail('theirs')).expect(201);
    expect((await statusOf(mine.body.access).expect(200)).body.email).toBe(mine.body.user.email);
    expect((await statusOf(theirs.body.access).expect(200)).body.email).toBe(theirs.body.user.email);
    await t.http.get('/api/auth/account/verify-email/').expect(401);
    await t.http.post('/api/auth/account/verify-email/resend/').expect(401);
    // Both registrations' mails are out first: a resend made before its account's mail is sent
    // rightly replaces that verification, whose job then mails nothing (no dead link goes out).
    await verifyLink(mine.body.user.email, 1);
    await verifyLink(theirs.body.user.email, 1);
    // A resend by one account mails its own address only.
    await t.http.post('/api/auth/account/verify-email/resend/').set('Authorization', `Bearer ${mine.body.access}`).expect(200);
    await verifyLink(mine.body.user.email, 2);
    await verifyLink(theirs.body.user.email, 1);
    expect(await inbox(theirs.body.user.email)).toHaveLength(1);
  });
});

describe('limits on confirmation mails', () => {
  it('a few resends an hour per account, then a 429 that says when to try again', async () => {
    const limited = await createTestApp({ MAIL_RETRY_DELAY_SECONDS: '1', WEB_ORIGIN });
    try {
      const email = freshEmail('flood');
      const reg = await limited.http
        .post('/api/auth/register/')
        .send({ email, password: PASSWORD, first_name: 'Ina', last_name: 'Person' })
        .expect(201);
      const resend = () => limited.http.post('/api/auth/account/verify-email/resend/').set('Authorization', `Bearer ${reg.body.access}`);
      // The registration's own mail counted against the address: two more fit in the hour.
      await resend().expect(200);
      await resend().expect(200);
      const refused = await resend().expect(429);
      expect(refused.body.message).toMatch(/^Too many confirmation emails\. Please try again in \d+ minutes?\.$/);
    } finally {
      await limited.close();
    }
  });
});
