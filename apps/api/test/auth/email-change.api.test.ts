import { createHash } from 'node:crypto';
import {
  EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE,
  EMAIL_CHANGE_CANCEL_EXPIRED_MESSAGE,
  EMAIL_CHANGE_CANCELLED_MESSAGE,
  EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE,
  EMAIL_CHANGE_UNDONE_MESSAGE,
  EMAIL_CHANGE_LINK_EXPIRED_MESSAGE,
  EMAIL_CHANGE_LINK_INVALID_MESSAGE,
  EMAIL_CHANGE_LINK_USED_MESSAGE,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

const WEB_ORIGIN = 'http://site.example.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_ORIGIN, DISABLE_RATE_LIMITS: 'true', MAIL_RETRY_DELAY_SECONDS: '1' });
});
afterAll(async () => t?.close());

type Mail = { subject: string; html: string; text: string };
const inbox = (to: string): Promise<Mail[]> =>
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

/** The token of the n-th link to this page mailed to the address. */
async function nthLink(to: string, page: 'confirm-email' | 'cancel-email-change', n = 1): Promise<string> {
  const pattern = new RegExp(`${WEB_ORIGIN}/account/${page}\\?token=([A-Za-z0-9_-]+)`, 'g');
  const links = await until(`${page} link ${n} to ${to}`, async () => {
    const found = (await inbox(to)).flatMap((m) => [...m.text.matchAll(pattern)].map((x) => x[1]));
    return found.length >= n && found;
  });
  return links[n - 1];
}

let serial = 0;
const freshEmail = () => `moved-${Date.now()}-${++serial}@example.com`;

const ask = (u: TestUser, new_email: string) =>
  t.http.post('/api/auth/account/change-email/').set(bearer(u)).send({ current_email: u.email, current_password: u.password, new_email });
const confirm = (token: string) => t.http.post('/api/auth/account/change-email/confirm/').send({ token });
const cancel = (token: string) => t.http.post('/api/auth/account/change-email/cancel/').send({ token });
const login = (email: string, password: string) => t.http.post('/api/auth/login/').send({ email, password });
const BROWSER = { 'X-Requested-With': 'XMLHttpRequest', Origin: 'http://localhost:3000' };
/** A browser's sign-in: answers its refresh cookie ("school_refresh=...") and its access token. */
async function browserLogin(email: string, password: string): Promise<{ cookie: string; access: string }> {
  const res = await t.http.post('/api/auth/login/').set(BROWSER).send({ email, password }).expect(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('school_refresh='));
  if (!cookie) throw new Error('no refresh cookie');
  return { cookie: cookie.split(';')[0], access: res.body.access };
}
const browserRefresh = (cookie: string) => t.http.post('/api/auth/token/refresh/').set(BROWSER).set('Cookie', cookie).send({});
const apiRefresh = (refresh: string) => t.http.post('/api/auth/token/refresh/').send({ refresh });
const check = (access: string) => t.http.get('/api/auth/check/').set('Authorization', `Bearer ${access}`);
/**
 * Waits until an access token is refused. Ended sessions reach each API process's token cache
 * through PostgreSQL's NOTIFY, within moments (sessions.api.test.ts holds every instance to 5 s).
 */
async function refused(access: string) {
  const started = Date.now();
  while ((await check(access)).status !== 401) {
    if (Date.now() - started > 5_000) throw new Error('the access token is still accepted after 5 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const pending = (u: TestUser) => t.http.get('/api/auth/account/change-email/pending/').set(bearer(u)).expect(200);

describe('verified email change', () => {
  it('keeps the old email until confirmed, shows the pending address and tells both inboxes', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    const res = await ask(u, next).expect(200);
    expect(res.body).toMatchObject({ user: { email: u.email }, pending_email: next });
    expect((await pending(u)).body).toMatchObject({ pending_email: next });
    expect((await t.http.get('/api/auth/check/').set(bearer(u)).expect(200)).body.user.email).toBe(u.email);
    await login(u.email, u.password).expect(200);
    await login(next, u.password).expect(400);

    await nthLink(next, 'confirm-email');
    await nthLink(u.email, 'cancel-email-change');
    const [toNew] = await inbox(next);
    expect(toNew.subject).toBe('Confirm your new ChipSkills Academy email');
    expect(toNew.text).toContain('valid for 24 hours');
    const [notice] = await inbox(u.email);
    expect(notice.subject).toBe('Your ChipSkills Academy email is about to change');
    expect(notice.text).toContain(next);
  });

  it('confirmed: the new address signs in, the old one no longer does, and the link works once', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    const ok = await confirm(token).expect(200);
    expect(ok.body).toEqual({ message: 'Email changed successfully!', email: next });

    expect((await login(u.email, u.password).expect(400)).body.errors.email).toBe('There is no user with that email.');
    const signedIn = (await login(next, u.password).expect(200)).body;
    expect(signedIn.user.email).toBe(next);
    expect((await pending({ ...u, email: next, access: signedIn.access })).body.pending_email).toBeNull();

    const again = await confirm(token).expect(400);
    expect(again.body.errors.token).toBe(EMAIL_CHANGE_LINK_USED_MESSAGE);
  });

  it('stores only the hash of each token', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    const cancelToken = await nthLink(u.email, 'cancel-email-change');
    const [row] = await t.ds.query(
      `SELECT r.confirm_token_hash, r.cancel_token_hash, extract(epoch FROM r.expires_at - r.created_at)::int AS ttl
         FROM email_change_requests r JOIN users u ON u.id = r.user_id WHERE u.id_slug = $1`,
      [u.id_slug],
    );
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(row.confirm_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row.cancel_token_hash).toBe(createHash('sha256').update(cancelToken).digest('hex'));
    expect(row.ttl).toBe(24 * 3600);
    const dump = JSON.stringify(await t.ds.query(`SELECT * FROM email_change_requests`));
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(cancelToken);
  });

  it('cancelled from the old address: nothing changes and the confirmation no longer works', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const cancelToken = await nthLink(u.email, 'cancel-email-change');
    const token = await nthLink(next, 'confirm-email');
    expect((await cancel(cancelToken).expect(200)).body.message).toBe(EMAIL_CHANGE_CANCELLED_MESSAGE);
    expect((await pending(u)).body.pending_email).toBeNull();
    expect((await confirm(token).expect(400)).body.errors.token).toBe('This email change was cancelled.');
    await login(u.email, u.password).expect(200);
    await login(next, u.password).expect(400);
  });

  it('expires after 24 hours', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    await t.ds.query(
      `UPDATE email_change_requests SET created_at = created_at - interval '24 hours', expires_at = expires_at - interval '24 hours'
        WHERE user_id = (SELECT id FROM users WHERE id_slug = $1)`,
      [u.id_slug],
    );
    expect((await pending(u)).body.pending_email).toBeNull();
    expect((await confirm(token).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_LINK_EXPIRED_MESSAGE);
    await login(u.email, u.password).expect(200);
  });

  it('a newer request withdraws the older link; unknown tokens are refused', async () => {
    const u = await createUser(t);
    const first = freshEmail();
    const second = freshEmail();
    await ask(u, first).expect(200);
    const old = await nthLink(first, 'confirm-email');
    await ask(u, second).expect(200);
    const current = await nthLink(second, 'confirm-email');
    expect((await pending(u)).body.pending_email).toBe(second);
    expect((await confirm(old).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
    expect((await confirm('x'.repeat(43)).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
    expect((await confirm('').expect(400)).body.errors.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE);
    await confirm(current).expect(200);
    await login(second, u.password).expect(200);
  });

  it('refuses an address someone registered while the change waited', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    await createUser(t, { email: next });
    expect((await confirm(token).expect(400)).body.errors.token).toBe('An account with this email already exists.');
    await login(u.email, u.password).expect(200);
  });

  it('confirming ends every other session of the account; the confirming browser keeps its own', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    const api = (await login(u.email, u.password).expect(200)).body as { access: string; refresh: string };
    const here = await browserLogin(u.email, u.password);
    const elsewhere = await browserLogin(u.email, u.password);
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    await t.http.post('/api/auth/account/change-email/confirm/').set(BROWSER).set('Cookie', here.cookie).send({ token }).expect(200);

    for (const access of [u.access, api.access, here.access, elsewhere.access]) await refused(access);
    await apiRefresh(api.refresh).expect(401);
    await browserRefresh(elsewhere.cookie).expect(401);
    // The confirming browser's session goes on, with the new email.
    const renewed = await browserRefresh(here.cookie).expect(200);
    expect((await check(renewed.body.access).expect(200)).body.user.email).toBe(next);
  });

  it("confirming from a browser signed in to another account keeps none of the account's sessions", async () => {
    const u = await createUser(t);
    const other = await createUser(t);
    const next = freshEmail();
    const mine = await browserLogin(u.email, u.password);
    const theirs = await browserLogin(other.email, other.password);
    await ask(u, next).expect(200);
    const token = await nthLink(next, 'confirm-email');
    await t.http.post('/api/auth/account/change-email/confirm/').set(BROWSER).set('Cookie', theirs.cookie).send({ token }).expect(200);

    await browserRefresh(mine.cookie).expect(401);
    await refused(mine.access);
    // The other account is untouched.
    await check(theirs.access).expect(200);
    await browserRefresh(theirs.cookie).expect(200);
  });

  it('the cancel link undoes a confirmed change: the old email is back, every session ends, the restored address is told', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const cancelToken = await nthLink(u.email, 'cancel-email-change');
    expect((await inbox(u.email))[0].text).toContain('The link works for 7 days');
    await confirm(await nthLink(next, 'confirm-email')).expect(200);
    // Whoever holds the new address signs in and starts another change.
    const intruder = (await login(next, u.password).expect(200)).body as { access: string; refresh: string };
    const third = freshEmail();
    await t.http
      .post('/api/auth/account/change-email/')
      .set('Authorization', `Bearer ${intruder.access}`)
      .send({ current_email: next, current_password: u.password, new_email: third })
      .expect(200);
    const thirdToken = await nthLink(third, 'confirm-email');

    expect((await cancel(cancelToken).expect(200)).body.message).toBe(EMAIL_CHANGE_UNDONE_MESSAGE);
    await refused(intruder.access);
    await apiRefresh(intruder.refresh).expect(401);
    await login(next, u.password).expect(400);
    const back = (await login(u.email, u.password).expect(200)).body;
    expect(back.user.email).toBe(u.email);
    // The change started meanwhile is withdrawn.
    expect((await confirm(thirdToken).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_LINK_INVALID_MESSAGE);

    const notice = await until('the notice of the undone change', async () =>
      (await inbox(u.email)).find((m) => m.subject === 'Your ChipSkills Academy email was restored'),
    );
    expect(notice.text).toContain(`You sign in with ${u.email} again`);
    expect(notice.text).toContain('Every device signed in to your account was signed out.');
    expect(notice.html).toContain(`href="${WEB_ORIGIN}/login/reset-password"`);

    expect((await cancel(cancelToken).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_ALREADY_CANCELLED_MESSAGE);
  });

  it('refuses to undo when the old address now belongs to another account, and changes nothing', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const cancelToken = await nthLink(u.email, 'cancel-email-change');
    await confirm(await nthLink(next, 'confirm-email')).expect(200);
    const session = (await login(next, u.password).expect(200)).body as { access: string };
    await createUser(t, { email: u.email });

    expect((await cancel(cancelToken).expect(409)).body.message).toBe(EMAIL_CHANGE_OLD_EMAIL_TAKEN_MESSAGE);
    await login(next, u.password).expect(200);
    await check(session.access).expect(200);
  });

  it('the cancel link works for 7 days', async () => {
    const u = await createUser(t);
    const next = freshEmail();
    await ask(u, next).expect(200);
    const cancelToken = await nthLink(u.email, 'cancel-email-change');
    await confirm(await nthLink(next, 'confirm-email')).expect(200);
    const age = (days: number) =>
      t.ds.query(
        `UPDATE email_change_requests SET created_at = now() - make_interval(days => $2), expires_at = now() - make_interval(days => $2) + interval '24 hours'
          WHERE user_id = (SELECT id FROM users WHERE id_slug = $1)`,
        [u.id_slug, days],
      );
    await age(7);
    expect((await cancel(cancelToken).expect(400)).body.errors.token).toBe(EMAIL_CHANGE_CANCEL_EXPIRED_MESSAGE);
    await login(next, u.password).expect(200);
    await age(6);
    expect((await cancel(cancelToken).expect(200)).body.message).toBe(EMAIL_CHANGE_UNDONE_MESSAGE);
    await login(u.email, u.password).expect(200);
  });
});

describe('the change-email mail cannot be turned on others', () => {
  it('the confirmation to the new address carries no name the account chose', async () => {
    const u = await createUser(t, { first_name: 'Your bank account is locked' });
    const to = freshEmail();
    await ask(u, to).expect(200);
    await nthLink(to, 'confirm-email');
    const [mail] = await inbox(to);
    expect(mail.text + mail.html).not.toContain('bank account');
  });

  it('limits requests per account and per new address, across accounts', async () => {
    const limited = await createTestApp({ WEB_ORIGIN, WORKERS: '0' });
    try {
      const askOn = (u: TestUser, new_email: string) =>
        limited.http
          .post('/api/auth/account/change-email/')
          .set(bearer(u))
          .send({ current_email: u.email, current_password: u.password, new_email });
      const victim = freshEmail();
      const [a, b] = [await createUser(limited), await createUser(limited)];
      for (let i = 0; i < 3; i++) await askOn(a, victim).expect(200);
      const overLimit = await askOn(a, victim).expect(429);
      expect(overLimit.body.message).toMatch(/^Too many email change requests\. Please try again in \d+ minutes?\.$/);
      // Another account aiming at the same address is refused too: the address had its mails.
      await askOn(b, victim).expect(429);
      // And an account that spent its own requests cannot aim at anyone else.
      await askOn(a, freshEmail()).expect(429);
      await askOn(b, freshEmail()).expect(200);
    } finally {
      await limited.close();
    }
  });
});
