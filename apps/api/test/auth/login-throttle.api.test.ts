import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { PasswordService } from '../../src/modules/auth/password.service';
import { FAILED_SIGN_INS_JOB } from '../../src/modules/auth/login-throttle.service';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';

let t: TestApp;
let passwords: PasswordService;
beforeAll(async () => {
  // Behind one proxy, so each test can speak from the address it names (X-Forwarded-For).
  t = await createTestApp({ TRUST_PROXY: '1' });
  passwords = t.app.get(PasswordService);
});
afterAll(async () => t?.close());

const WRONG = 'Wrong#Pass1';
const login = (u: { email: string }, password: string, ip: string) =>
  t.http.post('/api/auth/login/').set('X-Forwarded-For', ip).send({ email: u.email, password });

describe('login back-off', () => {
  it('evaluates at most 5 of a burst of 100 concurrent wrong passwords on one account', async () => {
    const u = await createUser(t);
    const verify = vi.spyOn(passwords, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 100 }, () => login(u, WRONG, '10.1.0.1')));
      const statuses = answers.map((r) => r.status);
      expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(95);
      expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    } finally {
      verify.mockRestore();
    }
  });

  it('locks an account out of one address only: the owner elsewhere still signs in', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) await login(u, WRONG, '10.2.0.1').expect(400);
    const blocked = await login(u, u.password, '10.2.0.1').expect(429);
    expect(blocked.body.message).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/);
    await login(u, u.password, '10.2.0.2').expect(200);
  });

  it('caps guesses at one account from every address at 50 an hour, with a short lock', async () => {
    const u = await createUser(t);
    const addresses = Array.from({ length: 10 }, (_, i) => `10.3.0.${i + 1}`);
    // 5 from each of 10 addresses: each address stays within its own limit.
    await Promise.all(
      addresses.map(async (ip) => {
        for (let i = 0; i < 5; i++) await login(u, WRONG, ip).expect(400);
      }),
    );
    const verify = vi.spyOn(passwords, 'verify');
    try {
      const blocked = await login(u, u.password, '10.3.1.1').expect(429);
      expect(blocked.body.message).toMatch(/^Too many failed login attempts\. Please try again in 1[45] minutes\.$/);
      expect(verify).not.toHaveBeenCalled();
    } finally {
      verify.mockRestore();
    }
    // Another account from those addresses is untouched.
    const v = await createUser(t);
    await login(v, v.password, addresses[0]).expect(200);
  });

  it('fifty failures from ten addresses do not lock the owner out: their known device, or a reset link, gets in; the owner is told', async () => {
    const u = await createUser(t);
    const BROWSER = { 'X-Requested-With': 'XMLHttpRequest' };
    // The owner signed in from this browser before: it keeps the known-device cookie.
    const before = await t.http
      .post('/api/auth/login/')
      .set(BROWSER)
      .set('X-Forwarded-For', '10.7.9.9')
      .send({ email: u.email, password: u.password });
    expect(before.status).toBe(200);
    const device = ([] as string[])
      .concat(before.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('school_device='))!
      .split(';')[0];
    const addresses = Array.from({ length: 10 }, (_, i) => `10.7.0.${i + 1}`);
    await Promise.all(
      addresses.map(async (ip) => {
        for (let i = 0; i < 5; i++) await login(u, WRONG, ip).expect(400);
      }),
    );
    // A stranger's device (and the owner on a new one) waits...
    await login(u, u.password, '10.7.1.1').expect(429);
    // ...the owner's known device does not, from a new network too.
    await t.http
      .post('/api/auth/login/')
      .set(BROWSER)
      .set('Cookie', device)
      .set('X-Forwarded-For', '10.7.1.2')
      .send({ email: u.email, password: u.password })
      .expect(200);
    // A device cookie of another account does not help.
    const other = await createUser(t);
    const otherLogin = await t.http
      .post('/api/auth/login/')
      .set(BROWSER)
      .set('X-Forwarded-For', '10.7.9.8')
      .send({ email: other.email, password: other.password });
    const otherDevice = ([] as string[])
      .concat(otherLogin.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('school_device='))!
      .split(';')[0];
    await t.http
      .post('/api/auth/login/')
      .set(BROWSER)
      .set('Cookie', otherDevice)
      .set('X-Forwarded-For', '10.7.1.3')
      .send({ email: u.email, password: u.password })
      .expect(429);
    // The known device's sign-in gave back no point it did not take: the ceiling tripped once, one notice.
    const [{ notices }] = await t.ds.query(
      `SELECT count(*)::int AS notices FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND data->>'email' = $2`,
      [FAILED_SIGN_INS_JOB, u.email],
    );
    expect(notices).toBe(1);

    // The owner is mailed once, with the way to reset.
    const notice = await (async () => {
      const end = Date.now() + 30_000;
      for (;;) {
        const m: { subject: string; text: string }[] = await t.ds.query(
          `SELECT subject, text FROM dev_mailbox_messages WHERE mail_to = $1 AND subject LIKE 'Many failed sign-ins%'`,
          [u.email],
        );
        if (m.length) return m;
        if (Date.now() > end) throw new Error('no notice of the failed sign-ins');
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain('/login/reset-password');

    // A reset link clears the account's lock: a new device signs in at once.
    await t.http.post('/api/auth/password-reset/request/').set('X-Forwarded-For', '10.7.1.4').send({ email: u.email }).expect(202);
    const token = await (async () => {
      const end = Date.now() + 30_000;
      for (;;) {
        const [m] = await t.ds.query(`SELECT text FROM dev_mailbox_messages WHERE mail_to = $1 AND text LIKE '%reset-password?token=%'`, [
          u.email,
        ]);
        const found = m && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(m.text);
        if (found) return found[1];
        if (Date.now() > end) throw new Error('no reset link');
        await new Promise((r) => setTimeout(r, 200));
      }
    })();
    const fresh = 'Owner#Silicon-2027';
    await t.http
      .post('/api/auth/password-reset/confirm/')
      .set('X-Forwarded-For', '10.7.1.5')
      .send({ token, new_password: fresh, confirm_new_password: fresh })
      .expect(200);
    await login(u, fresh, '10.7.1.6').expect(200);
  });

  it('gives a correct password its attempt back and clears the count from that address', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 4; i++) await login(u, WRONG, '10.4.0.1').expect(400);
    await login(u, u.password, '10.4.0.1').expect(200);
    for (let i = 0; i < 5; i++) await login(u, WRONG, '10.4.0.1').expect(400);
    await login(u, u.password, '10.4.0.1').expect(429);
  });
});

describe('current-password checks of a signed-in user count with the login back-off', () => {
  const changePassword = (u: TestUser, old_password: string, ip: string) =>
    t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(u))
      .set('X-Forwarded-For', ip)
      .send({ old_password, new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' });
  const changeEmail = (u: TestUser, current_password: string, ip: string) =>
    t.http
      .post('/api/auth/account/change-email/')
      .set(bearer(u))
      .set('X-Forwarded-For', ip)
      .send({ current_email: u.email, current_password, new_email: `moved-${u.id_slug}@example.com` });

  it('change-password: 5 wrong guesses, then even the right one is refused, and so is signing in from there', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) await changePassword(u, WRONG, '10.5.0.1').expect(400);
    const blocked = await changePassword(u, u.password, '10.5.0.1').expect(429);
    expect(blocked.body.access).toBeUndefined();
    await login(u, u.password, '10.5.0.1').expect(429);
  });

  it('change-email: a burst of guesses evaluates at most 5', async () => {
    const u = await createUser(t);
    const verify = vi.spyOn(passwords, 'verify');
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => changeEmail(u, WRONG, '10.6.0.1')));
      expect(verify.mock.calls.length).toBeLessThanOrEqual(5);
      expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(25);
    } finally {
      verify.mockRestore();
    }
    await changeEmail(u, u.password, '10.6.0.1').expect(429);
  });
});
