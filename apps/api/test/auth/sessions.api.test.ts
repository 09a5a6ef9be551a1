import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, countStatements, createTestApp, createUser, startSecondInstance, type TestApp } from '../test-app';

/** Revocation must reach every instance within this time. */
const DEADLINE_MS = 5_000;

let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

type Http = TestApp['http'];
/**
 * A signed-in call that reads nothing about the account itself (auth/check/ also refuses a
 * suspended account on its own): the student's own classes, for whom the token names.
 */
const check = (http: Http, u: { access: string }) => {
  const { sub } = JSON.parse(Buffer.from(u.access.split('.')[1], 'base64url').toString());
  return http.get(`/api/user-cohorts/user/${sub}/`).set(bearer(u));
};
const setStatus = (admin: { access: string }, idSlug: string, is_suspended: unknown) =>
  t.http.patch(`/api/auth/admin/users/${idSlug}/status`).set(bearer(admin)).send({ is_suspended });

const setRole = (admin: { access: string }, idSlug: string, role: unknown) =>
  t.http.patch(`/api/auth/admin/users/${idSlug}/role`).set(bearer(admin)).send({ role });

/** Polls until the token is refused on that instance; answers how long it took. */
async function refusedWithin(http: Http, u: { access: string }): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await check(http, u);
    if (res.status === 401) return Date.now() - started;
    expect(res.status).toBe(200);
    if (Date.now() - started > DEADLINE_MS) throw new Error(`still accepted after ${DEADLINE_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('access tokens', () => {
  it('are checked against a cache: a signed-in call costs no statement for the session once the user is known', async () => {
    const u = await createUser(t);
    const cold = await countStatements(() => check(other.http, u).expect(200));
    const warm = await countStatements(() => check(other.http, u).expect(200));
    expect(cold - warm).toBe(1);
  });

  it('lose a changed role at once on every instance', async () => {
    const u = await createUser(t, { role: 'INSTRUCTOR' });
    await check(t.http, u).expect(200);
    await check(other.http, u).expect(200);
    const admin = await createUser(t, { role: 'ADMIN' });
    await setRole(admin, u.id_slug, 'ADMIN').expect(200);
    expect(await refusedWithin(other.http, u)).toBeLessThan(DEADLINE_MS);
    expect(await refusedWithin(t.http, u)).toBeLessThan(DEADLINE_MS);
  });
});

describe('PATCH /api/auth/admin/users/{userIdSlug}/role', () => {
  it('gives an account its new role: it signs in again and reaches what the role opens', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const s = await createUser(t);
    await t.http.get('/api/cohorts/admin/list').set(bearer(s)).expect(403);
    const res = await setRole(admin, s.id_slug, 'ADMIN').expect(200);
    expect(res.body.user).toEqual({ id_slug: s.id_slug, first_name: 'Test', last_name: 'User', email: s.email, role: 'ADMIN' });
    await check(t.http, s).expect(401);
    const login = await t.http.post('/api/auth/login/').send({ email: s.email, password: s.password }).expect(200);
    expect(login.body.user.role).toBe('ADMIN');
    await t.http.get('/api/cohorts/admin/list').set(bearer(login.body)).expect(200);
  });

  it('refuses to demote the last admin, and lets an admin step down while another remains', async () => {
    // Every other admin steps down first (through the call itself), so one is left.
    const admins: { id_slug: string }[] = await t.ds.query(`SELECT id_slug FROM users WHERE role = 'ADMIN'`);
    const last = await createUser(t, { role: 'ADMIN' });
    for (const a of admins) await setRole(last, a.id_slug, 'INSTRUCTOR').expect(200);
    const refused = await setRole(last, last.id_slug, 'STUDENT').expect(400);
    expect(refused.body.message).toBe('The school needs at least one admin: make another account an admin first.');
    await check(t.http, last).expect(200);

    const second = await createUser(t);
    await setRole(last, second.id_slug, 'ADMIN').expect(200);
    const stepped = await setRole(last, last.id_slug, 'INSTRUCTOR').expect(200);
    expect(stepped.body.user.role).toBe('INSTRUCTOR');
  });

  it('answers a clear 400 for a role that does not exist and 404 for an unknown account', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const s = await createUser(t);
    const bad = await setRole(admin, s.id_slug, 'OWNER').expect(400);
    expect(bad.body.errors).toMatchObject({ role: 'Invalid role' });
    await setRole(admin, '0123456789abcdef0123456789abcdef', 'INSTRUCTOR').expect(404);
  });

  it('is refused to a student promoting itself and to an instructor', async () => {
    const s = await createUser(t);
    const i = await createUser(t, { role: 'INSTRUCTOR' });
    await setRole(s, s.id_slug, 'ADMIN').expect(403);
    await setRole(i, s.id_slug, 'INSTRUCTOR').expect(403);
    await setRole(i, i.id_slug, 'ADMIN').expect(403);
    const login = await t.http.post('/api/auth/login/').send({ email: s.email, password: s.password }).expect(200);
    expect(login.body.user.role).toBe('STUDENT');
  });
});

describe('PATCH /api/auth/admin/users/{userIdSlug}/status', () => {
  it('suspends an account: its open session loses access on a second instance within 5 s, and nothing renews it', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const s = await createUser(t);
    const session = await t.http.post('/api/auth/login/').send({ email: s.email, password: s.password }).expect(200);
    await check(t.http, s).expect(200);
    await check(other.http, s).expect(200);

    const res = await setStatus(admin, s.id_slug, true).expect(200);
    expect(res.body.user).toMatchObject({ id_slug: s.id_slug, email: s.email, is_suspended: true });

    expect(await refusedWithin(other.http, s)).toBeLessThan(DEADLINE_MS);
    await check(t.http, s).expect(401);
    await check(t.http, session.body).expect(401);
    const refresh = await other.http.post('/api/auth/token/refresh/').send({ refresh: session.body.refresh }).expect(401);
    expect(refresh.body.access).toBeUndefined();
    const change = await other.http
      .post('/api/auth/account/change-password/')
      .set(bearer(s))
      .send({ old_password: s.password, new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' });
    expect([401, 403]).toContain(change.status);
    expect(change.body.access).toBeUndefined();
    expect(change.headers['set-cookie']).toBeUndefined();
    const login = await t.http.post('/api/auth/login/').send({ email: s.email, password: s.password }).expect(403);
    expect(login.body.access).toBeUndefined();
    expect(login.body.message).toBe('This account is suspended. Please contact the school.');
  });

  it('reinstates an account: it signs in again, its old tokens stay dead', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const s = await createUser(t);
    await setStatus(admin, s.id_slug, true).expect(200);
    const res = await setStatus(admin, s.id_slug, false).expect(200);
    expect(res.body.user.is_suspended).toBe(false);
    await check(t.http, s).expect(401);
    const login = await t.http.post('/api/auth/login/').send({ email: s.email, password: s.password }).expect(200);
    await check(other.http, login.body).expect(200);
  });

  it('hands no new token to an account suspended outside the API, with its token version unchanged', async () => {
    const s = await createUser(t);
    // Suspended by a statement that keeps the old token version: the suspension alone must stop it.
    await t.ds.query(`ALTER TABLE users DISABLE TRIGGER users_bump_token_version`);
    try {
      await t.ds.query(`UPDATE users SET is_suspended = true WHERE id = $1`, [s.id]);
    } finally {
      await t.ds.query(`ALTER TABLE users ENABLE TRIGGER users_bump_token_version`);
    }
    const change = await t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(s))
      .send({ old_password: s.password, new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' });
    expect([401, 403]).toContain(change.status);
    expect(change.body.access).toBeUndefined();
  });

  it('answers 404 for an unknown account, 400 for a bad body, and refuses to suspend oneself', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const unknown = await setStatus(admin, '0123456789abcdef0123456789abcdef', true).expect(404);
    expect(unknown.body.message).toBe('User not found');
    const bad = await setStatus(admin, admin.id_slug, 'yes').expect(400);
    expect(bad.body.errors.is_suspended).toBeTruthy();
    await t.http
      .patch(`/api/auth/admin/users/${admin.id_slug}/status`)
      .set(bearer(admin))
      .send({ is_suspended: true, role: 'STUDENT' })
      .expect(400);
    const self = await setStatus(admin, admin.id_slug, true).expect(400);
    expect(self.body.message).toBe('You cannot suspend your own account.');
    await check(t.http, admin).expect(200);
  });

  it('is for admins only', async () => {
    const s = await createUser(t);
    const instructor = await createUser(t, { role: 'INSTRUCTOR' });
    await setStatus(s, instructor.id_slug, true).expect(403);
    await setStatus(instructor, s.id_slug, true).expect(403);
    await t.http.patch(`/api/auth/admin/users/${s.id_slug}/status`).send({ is_suspended: true }).expect(401);
  });
});

describe('ending sessions', () => {
  it("logout ends the user's other sessions too, on every instance", async () => {
    const u = await createUser(t);
    const phone = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    await check(other.http, phone.body).expect(200);
    await check(other.http, u).expect(200);
    await t.http.post('/api/auth/logout/').send({ refresh: phone.body.refresh }).expect(200);
    expect(await refusedWithin(other.http, u)).toBeLessThan(DEADLINE_MS);
    await check(other.http, phone.body).expect(401);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: phone.body.refresh }).expect(401);
  });

  it('a password change ends the other sessions on every instance, and this one carries on with its new token', async () => {
    const u = await createUser(t);
    const laptop = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    await check(other.http, laptop.body).expect(200);
    const changed = await t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(u))
      .send({ old_password: u.password, new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' })
      .expect(200);
    expect(changed.headers['cache-control']).toBe('no-store');
    expect(await refusedWithin(other.http, laptop.body)).toBeLessThan(DEADLINE_MS);
    await check(other.http, u).expect(401);
    await check(other.http, changed.body).expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: laptop.body.refresh }).expect(401);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: changed.body.refresh }).expect(200);
  });
});
