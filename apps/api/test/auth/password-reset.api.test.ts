import { createHash } from 'node:crypto';
import {
  PASSWORD_RESET_REQUESTED_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  RESET_LINK_EXPIRED_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  RESET_LINK_USED_MESSAGE,
} from '@school/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { SUSPENDED_MESSAGE } from '../../src/modules/auth/auth.service';
import { PASSWORD_RESET_JOB, PASSWORD_RESET_LIMITS, PasswordResetService } from '../../src/modules/auth/password-reset.service';
import { WEAK_PASSWORD_MESSAGE } from '../../src/modules/auth/password.service';
import { REFRESH_COOKIE } from '../../src/modules/auth/refresh-cookie';

const WEB_ORIGIN = 'http://site.example.test';
const NEW_PASSWORD = 'Fresh#Wafer7781';

let t: TestApp;
beforeAll(async () => {
  // Behind one proxy, so each test speaks from an address of its own (X-Forwarded-For); the
  // limits are on, as in production.
  t = await createTestApp({ TRUST_PROXY: '1', WEB_ORIGIN, MAIL_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

let lastAddress = 0;
/** A client address no other test uses. */
const address = () => `10.40.${Math.floor(++lastAddress / 250)}.${(lastAddress % 250) + 1}`;

const ask = (email: string, ip = address()) => t.http.post('/api/auth/password-reset/request/').set('X-Forwarded-For', ip).send({ email });
const confirm = (token: string, password = NEW_PASSWORD, confirmation = password) =>
  t.http
    .post('/api/auth/password-reset/confirm/')
    .set('X-Forwarded-For', address())
    .send({ token, new_password: password, confirm_new_password: confirmation });
const login = (email: string, password: string) =>
  t.http.post('/api/auth/login/').set('X-Forwarded-For', address()).send({ email, password });
let admin: TestUser | undefined;
/** An admin suspends or reinstates the account, as on the console. */
async function suspend(u: TestUser, is_suspended: boolean) {
  admin ??= await createUser(t, { role: 'ADMIN' });
  await t.http
    .patch(`/api/auth/admin/users/${u.id_slug}/status`)
    .set('X-Forwarded-For', address())
    .set(bearer(admin))
    .send({ is_suspended })
    .expect(200);
}
const inbox = (to: string): Promise<{ subject: string; html: string; text: string }[]> =>
  t.ds.query(`SELECT subject, html, text FROM dev_mailbox_messages WHERE mail_to = $1 ORDER BY received_at, id`, [to]);

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for the n-th message to the address and answers the token of its link. */
async function nthLink(to: string, n: number): Promise<string> {
  const mails = await until(`reset mail ${n} to ${to}`, async () => {
    const m = await inbox(to);
    return m.length >= n && m;
  });
  const match = /\/login\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mails[n - 1].text);
  if (!match) throw new Error('no link in the message');
  return match[1];
}

/** Asks for a link and answers its token, read from the development mailbox. */
async function linkFor(u: { email: string }): Promise<string> {
  const before = (await inbox(u.email)).length;
  await ask(u.email).expect(202);
  return nthLink(u.email, before + 1);
}

/** Jobs of the reset queue not yet done. */
const pendingJobs = async () =>
  (
    await t.ds.query(`SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`, [
      PASSWORD_RESET_JOB,
    ])
  )[0].n;

/**
 * Every SQL statement the app's own pool (requests, rate limits) sends while `fn` runs; the job
 * queue's polling has a pool of its own and is left out.
 */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  // pg-pool's list of its connections.
  const clients = (t.ds.driver as unknown as { master: Record<string, unknown[]> }).master['_clients'];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const texts: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    if (clients.includes(this)) texts.push(typeof q === 'string' ? q : String((q as { text?: string })?.text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return texts;
}

describe('asking for a reset link', () => {
  it('answers 202 with the same body for an account, an unknown email and a suspended account; only the active account gets mail', async () => {
    const active = await createUser(t);
    const suspended = await createUser(t);
    await suspend(suspended, true);
    const unknown = 'nobody-here@example.com';
    const answers = [await ask(active.email), await ask(unknown), await ask(suspended.email)];
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    }
    expect(new Set(answers.map((r) => r.headers['content-length'])).size).toBe(1);
    await nthLink(active.email, 1);
    await until('every reset job to finish', async () => (await pendingJobs()) === 0);
    expect(await inbox(unknown)).toEqual([]);
    expect(await inbox(suspended.email)).toEqual([]);
  });

  it('does the same work whatever the email: the same statements, none reading the account (so the same time)', async () => {
    // Proved structurally rather than with a stopwatch, which a loaded 2-core machine makes unreliable:
    // the request sends the same SQL statements for an existing and an unknown email, and none of them
    // touches users; the account is looked up later by the job.
    const u = await createUser(t);
    await until('earlier reset jobs to finish', async () => (await pendingJobs()) === 0);
    const service = t.app.get(PasswordResetService);
    // The job is held back, so that only the request's statements are seen.
    const job = vi.spyOn(service, 'sendLink').mockResolvedValue(undefined);
    try {
      const existing = await statementsOf(() => ask(u.email).expect(202));
      const unknown = await statementsOf(() => ask('no-such-account@example.com').expect(202));
      expect(existing.some((s) => /INSERT INTO/i.test(s) && s.includes(`${JOBS_SCHEMA}.`))).toBe(true);
      expect(unknown).toEqual(existing);
      expect(existing.filter((s) => /\busers\b/i.test(s))).toEqual([]);
      expect(existing.filter((s) => /password_reset_tokens/i.test(s))).toEqual([]);
      await until('the held jobs to run', async () => job.mock.calls.length >= 2);
    } finally {
      job.mockRestore();
    }
  });

  it('mails the link through SMTP to the development mailbox: HTML and text, on the web origin', async () => {
    const u = await createUser(t, { first_name: 'Farah' });
    await ask(u.email).expect(202);
    const [mail] = await until('the message', async () => {
      const m = await inbox(u.email);
      return m.length === 1 && m;
    });
    expect(mail.subject).toBe('Reset your ChipSkills Academy password');
    const link = new RegExp(`${WEB_ORIGIN.replace(/\./g, '\\.')}/login/reset-password\\?token=[A-Za-z0-9_-]{43}`);
    expect(mail.text).toMatch(link);
    expect(mail.text).toContain('Hello Farah,');
    expect(mail.text).toContain('The link is valid for 30 minutes and works once.');
    expect(mail.text).not.toContain('<');
    expect(mail.html).toMatch(new RegExp(`href="${link.source}"`));
  });

  it('stores only the hash of the token: neither the table nor the job queue holds the token itself', async () => {
    const u = await createUser(t);
    const token = await linkFor(u);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows: { token_hash: string; expires_at: Date; created_at: Date }[] = await t.ds.query(
      `SELECT token_hash, expires_at, created_at FROM password_reset_tokens WHERE user_id = $1`,
      [u.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(rows[0].expires_at.getTime() - rows[0].created_at.getTime()).toBe(30 * 60_000);
    const [{ n }] = await t.ds.query(
      `SELECT (SELECT count(*) FROM password_reset_tokens WHERE token_hash LIKE '%' || $1 || '%')
            + (SELECT count(*) FROM ${JOBS_SCHEMA}.job WHERE data::text LIKE '%' || $1 || '%') AS n`,
      [token],
    );
    expect(Number(n)).toBe(0);
  });

  it('checks the email as the spec says', async () => {
    expect((await ask('').expect(400)).body.errors).toEqual({ email: 'Email is required' });
    expect((await ask('not-an-email').expect(400)).body.errors).toEqual({ email: 'Invalid email format' });
  });
});

describe('using a reset link', () => {
  it('sets the password, ends every other session, signs in like login, and works once', async () => {
    const u = await createUser(t);
    const otherDevice = (await login(u.email, u.password).expect(200)).body as { access: string; refresh: string };
    const token = await linkFor(u);
    const res = await confirm(token).expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      access: expect.any(String),
      refresh: expect.any(String),
      user: expect.objectContaining({ email: u.email, role: 'STUDENT' }),
    });
    // The new session works; the old ones do not.
    await t.http.get('/api/auth/check/').set(bearer(res.body)).expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: otherDevice.refresh }).expect(401);
    await until(
      'the old access token to be refused',
      async () => (await t.http.get('/api/auth/check/').set(bearer(otherDevice))).status === 401,
      5_000,
    );
    await until(
      'the first access token to be refused',
      async () => (await t.http.get('/api/auth/check/').set(bearer(u))).status === 401,
      5_000,
    );
    // The new password signs in, the old one no longer.
    await login(u.email, NEW_PASSWORD).expect(200);
    await login(u.email, u.password).expect(400);
    // Single use.
    const again = await confirm(token, 'Another#Wafer9924').expect(400);
    expect(again.body).toMatchObject({ message: RESET_LINK_USED_MESSAGE, errors: { token: RESET_LINK_USED_MESSAGE } });
    await login(u.email, NEW_PASSWORD).expect(200);
  });

  it('gives a browser the refresh token as the cookie, as login does', async () => {
    const u = await createUser(t);
    const token = await linkFor(u);
    const res = await t.http
      .post('/api/auth/password-reset/confirm/')
      .set('X-Requested-With', 'XMLHttpRequest')
      .send({ token, new_password: NEW_PASSWORD, confirm_new_password: NEW_PASSWORD })
      .expect(200);
    expect(res.body.refresh).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toContain(`${REFRESH_COOKIE}=`);
  });

  it('refuses an expired link with its own message', async () => {
    const u = await createUser(t);
    const token = await linkFor(u);
    await t.ds.query(`UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.id]);
    const res = await confirm(token).expect(400);
    expect(res.body).toMatchObject({ message: RESET_LINK_EXPIRED_MESSAGE, errors: { token: RESET_LINK_EXPIRED_MESSAGE } });
    await login(u.email, u.password).expect(200);
  });

  it('refuses an unknown token', async () => {
    const res = await confirm('A'.repeat(43)).expect(400);
    expect(res.body).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE, errors: { token: RESET_LINK_INVALID_MESSAGE } });
    expect((await confirm('').expect(400)).body.errors).toMatchObject({ token: RESET_LINK_INVALID_MESSAGE });
  });

  it('a newer request withdraws the older link', async () => {
    const u = await createUser(t);
    const older = await linkFor(u);
    const newer = await linkFor(u);
    expect(newer).not.toBe(older);
    expect((await confirm(older).expect(400)).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
    await confirm(newer).expect(200);
  });

  it('a successful login withdraws the link', async () => {
    const u = await createUser(t);
    const token = await linkFor(u);
    await login(u.email, 'Wrong#Guess123').expect(400);
    await login(u.email, u.password).expect(200);
    expect((await confirm(token).expect(400)).body.message).toBe(RESET_LINK_INVALID_MESSAGE);
  });

  it('a suspended account cannot reset, even with a link sent before the suspension', async () => {
    const u = await createUser(t);
    const token = await linkFor(u);
    await suspend(u, true);
    expect((await confirm(token).expect(403)).body.message).toBe(SUSPENDED_MESSAGE);
    const [row] = await t.ds.query(`SELECT password_hash FROM users WHERE id = $1`, [u.id]);
    await suspend(u, false);
    await login(u.email, u.password).expect(200);
    expect((await t.ds.query(`SELECT password_hash FROM users WHERE id = $1`, [u.id]))[0].password_hash).toBe(row.password_hash);
  });

  it('applies the password rule and its messages; a refused password does not spend the link', async () => {
    const u = await createUser(t, { first_name: 'Hakim' });
    const token = await linkFor(u);
    expect((await confirm(token, 'short').expect(400)).body.errors).toMatchObject({ new_password: PASSWORD_RULE_MESSAGE });
    expect((await confirm(token, '').expect(400)).body.errors).toMatchObject({ new_password: 'Password is required' });
    expect((await confirm(token, NEW_PASSWORD, 'Other#Pass123').expect(400)).body.errors).toMatchObject({
      confirm_new_password: 'Passwords do not match',
    });
    expect((await confirm(token, NEW_PASSWORD, '').expect(400)).body.errors).toMatchObject({
      confirm_new_password: 'Confirm password is required.',
    });
    expect((await confirm(token, 'Password1!').expect(400)).body.errors).toEqual({ new_password: WEAK_PASSWORD_MESSAGE });
    expect((await confirm(token, 'Hakim#2024').expect(400)).body.errors).toEqual({ new_password: WEAK_PASSWORD_MESSAGE });
    await confirm(token).expect(200);
  });

  it('a signed-in student cannot use the routes on another account', async () => {
    const mallory: TestUser = await createUser(t);
    const victim = await createUser(t);
    // Asking for the victim's link: the same answer, nothing for the asker; the mail goes to the victim only.
    const asked = await ask(victim.email).set(bearer(mallory)).expect(202);
    expect(asked.body).toEqual({ message: PASSWORD_RESET_REQUESTED_MESSAGE });
    await nthLink(victim.email, 1);
    expect(await inbox(mallory.email)).toEqual([]);
    // Her own link changes her own password only, whoever she is signed in as.
    const own = await linkFor(mallory);
    const res = await confirm(own).set(bearer(mallory)).expect(200);
    expect(res.body.user.email).toBe(mallory.email);
    await login(victim.email, victim.password).expect(200);
    await login(mallory.email, NEW_PASSWORD).expect(200);
  });
});

// Last: the jobs of these many requests would hold up the messages the other tests wait for.
describe('limits on asking for links', () => {
  it('is limited per email, whether or not the account exists, from any address', async () => {
    for (const email of ['limited-unknown@example.com', (await createUser(t)).email]) {
      for (let i = 0; i < PASSWORD_RESET_LIMITS.email.points; i++) await ask(email).expect(202);
      const refused = await ask(email).expect(429);
      expect(refused.body.message).toMatch(/^Too many password reset requests\. Please try again in (59|60) minutes\.$/);
    }
    // Another email is not affected.
    await ask('another-one@example.com').expect(202);
  });

  it('is limited per client address over every email', async () => {
    const ip = address();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.address.points; i++) await ask(`many-${i}@example.com`, ip).expect(202);
    const refused = await ask('many-last@example.com', ip).expect(429);
    expect(refused.body.message).toMatch(/^Too many password reset requests\. Please try again in (59|60) minutes\.$/);
    await ask('many-last@example.com', address()).expect(202);
  });
});
