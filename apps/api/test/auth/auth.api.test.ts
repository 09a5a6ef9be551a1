import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, startSecondInstance, type TestApp } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

const PASSWORD_RULE = 'Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol';
const BROWSER = { 'X-Requested-With': 'school-web' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const register = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.http.post('/api/auth/register/').set(headers).send(body);

const cookieOf = (res: { headers: Record<string, unknown> }) =>
  ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('school_refresh='));

describe('POST /api/auth/register/', () => {
  it('creates a student, trims and lowercases the email, and answers access, refresh and user', async () => {
    const res = await register({
      email: '  New.Student@Example.COM ',
      password: 'Chip#Design42',
      first_name: 'Siti',
      last_name: 'Aminah',
      role: 'STUDENT',
    }).expect(201);
    expect(res.body.user).toMatchObject({ email: 'new.student@example.com', first_name: 'Siti', last_name: 'Aminah', role: 'STUDENT' });
    expect(res.body.user.id_slug).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof res.body.access).toBe('string');
    expect(typeof res.body.refresh).toBe('string');
    expect(res.body.user).not.toHaveProperty('password_hash');
  });

  it('ignores a role other than STUDENT', async () => {
    const res = await register({
      email: 'wannabe@example.com',
      password: 'Chip#Design42',
      first_name: 'Ali',
      last_name: 'Baba',
      role: 'ADMIN',
    }).expect(201);
    expect(res.body.user.role).toBe('STUDENT');
    const [row] = await t.ds.query(`SELECT role FROM users WHERE email = 'wannabe@example.com'`);
    expect(row.role).toBe('STUDENT');
    await t.http
      .get('/api/courses/admin/list')
      .set(bearer(res.body))
      .expect((r) => expect([403, 404]).toContain(r.status));
  });

  it('rejects unknown fields such as an id or a status', async () => {
    const res = await register({
      email: 'x1@example.com',
      password: 'Chip#Design42',
      first_name: 'Ali',
      last_name: 'Baba',
      id_slug: 'mine',
    }).expect(400);
    expect(res.body.message).toMatch(/id_slug/);
  });

  it('answers 400 with an email message for a duplicate email', async () => {
    await register({ email: 'dup@example.com', password: 'Chip#Design42', first_name: 'Ali', last_name: 'Baba' }).expect(201);
    const res = await register({ email: 'DUP@example.com', password: 'Chip#Design42', first_name: 'Ali', last_name: 'Baba' }).expect(400);
    expect(res.body.errors.email).toBe('An account with this email already exists.');
  });

  it.each([
    ['short', 'Ab1!', PASSWORD_RULE],
    ['no symbol', 'Abcdef12', PASSWORD_RULE],
    ['no uppercase', 'abc#def12', PASSWORD_RULE],
    ['empty', '', 'Password is required'],
  ])('enforces the password rule (%s)', async (_, password, message) => {
    const res = await register({ email: 'pw@example.com', password, first_name: 'Ali', last_name: 'Baba' }).expect(400);
    expect(res.body.errors.password).toBe(message);
  });

  it.each([
    'Password1!',
    'P@ssw0rd1',
    'Welcome@123',
    'Qwerty@123',
    'Abc@1234',
    'Password123!',
    'Admin@123',
    'Iloveyou1!',
    'Qwerty123!',
    'Welcome1!',
    'Passw0rd!',
    'Password@1',
    'Letmein1!',
    'Monkey123!',
    'Football1!',
    'Admin@1234',
  ])('refuses %s, a well-known breached password that satisfies the rule', async (password) => {
    const res = await register({ email: 'common@example.com', password, first_name: 'Ali', last_name: 'Baba' }).expect(400);
    expect(res.body.errors.password).toBe('This password is too easy to guess. Please choose a less common one.');
  });

  it.each([' Chip#Design42', 'Chip#Design42 ', '\tChip#Design42'])(
    'refuses a password with a leading or trailing space (%j)',
    async (password) => {
      const res = await register({ email: 'spaces@example.com', password, first_name: 'Ali', last_name: 'Baba' }).expect(400);
      expect(res.body.errors.password).toBe('Password must not start or end with a space.');
      expect(await t.ds.query(`SELECT 1 FROM users WHERE email = 'spaces@example.com'`)).toEqual([]);
    },
  );

  it('answers no-store with its tokens', async () => {
    const res = await register({ email: 'nostore@example.com', password: 'Chip#Design42', first_name: 'Ali', last_name: 'Baba' }).expect(
      201,
    );
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('validates names and email with the spec messages', async () => {
    const res = await register({ email: 'not-an-email', password: 'Chip#Design42', first_name: 'A', last_name: '' }).expect(400);
    expect(res.body.errors).toMatchObject({
      email: 'Invalid email format',
      first_name: 'Please enter a valid name',
      last_name: 'Last name is required',
    });
  });

  it('does not enrol a queued email on registration without a link: registering proves no address', async () => {
    // An admin adds an email with no account yet to a cohort: it joins the cohort's queue (and is invited).
    const admin = await createUser(t, { role: 'ADMIN' });
    const course = await makeCourse(t, admin, { title: 'Queue course' });
    const cohort = await makeCohort(t, admin, { title: 'Queue cohort', course_ids: [course.id_slug], start: 0, end: 30 });
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-student`)
      .set(bearer(admin))
      .send({ email: 'queued@example.com' })
      .expect(201);
    const res = await register({ email: 'Queued@example.com', password: 'Chip#Design42', first_name: 'Que', last_name: 'Ued' }).expect(201);
    const enrolled = await t.ds.query(
      `SELECT e.enrolment_status FROM enrolments e JOIN users u ON u.id = e.user_id WHERE u.id_slug = $1 AND e.cohort_id = $2`,
      [res.body.user.id_slug, cohort.id],
    );
    // The seat waits for the address to be confirmed (test/auth/email-verification.api.test.ts).
    expect(enrolled).toEqual([]);
    expect(await t.ds.query(`SELECT 1 FROM cohort_queue WHERE email = 'queued@example.com'`)).toHaveLength(1);
  });
});

describe('POST /api/auth/login/', () => {
  it('signs in with a trimmed email and answers the user', async () => {
    const u = await createUser(t, { email: 'login-ok@example.com' });
    const res = await t.http.post('/api/auth/login/').send({ email: ' LOGIN-OK@example.com ', password: u.password }).expect(200);
    expect(res.body.user.email).toBe('login-ok@example.com');
    expect(res.body.refresh).toBeTruthy();
  });

  it('answers an email message for an unknown account and a password message for a wrong password', async () => {
    const u = await createUser(t);
    const unknown = await t.http.post('/api/auth/login/').send({ email: 'nobody@example.com', password: 'Whatever#1' }).expect(400);
    expect(unknown.body.errors.email).toBe('There is no user with that email.');
    const wrong = await t.http.post('/api/auth/login/').send({ email: u.email, password: 'Wrong#Pass1' }).expect(400);
    expect(wrong.body.errors.password).toBe('Incorrect password. Please try again.');
    expect(wrong.body.errors.email).toBeUndefined();
  });

  it('requires email and password', async () => {
    const res = await t.http.post('/api/auth/login/').send({}).expect(400);
    expect(res.body.errors).toMatchObject({ email: 'Email is required', password: 'Password is required' });
  });

  it('throttles repeated failures on one account with 429 and a clear message', async () => {
    const u = await createUser(t);
    for (let i = 0; i < 5; i++) await t.http.post('/api/auth/login/').send({ email: u.email, password: 'Wrong#Pass1' }).expect(400);
    const blocked = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(429);
    expect(blocked.body.message).toMatch(/Too many failed login attempts/);
  });

  it('shares the back-off between API processes, through the database', async () => {
    const other = await startSecondInstance(t);
    try {
      const u = await createUser(t);
      for (let i = 0; i < 5; i++) await t.http.post('/api/auth/login/').send({ email: u.email, password: 'Wrong#Pass1' }).expect(400);
      await other.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(429);
    } finally {
      await other.close();
    }
  });

  it('refuses a suspended account', async () => {
    const u = await createUser(t);
    const admin = await createUser(t, { role: 'ADMIN' });
    await t.http.patch(`/api/auth/admin/users/${u.id_slug}/status`).set(bearer(admin)).send({ is_suspended: true }).expect(200);
    await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(403);
  });
});

describe('sessions', () => {
  it('GET /api/auth/check/ answers the user for a valid token and 401 without one', async () => {
    const u = await createUser(t, { first_name: 'Check', last_name: 'Me' });
    const res = await t.http.get('/api/auth/check/').set(bearer(u)).expect(200);
    expect(res.body.user).toMatchObject({ id_slug: u.id_slug, first_name: 'Check', role: 'STUDENT' });
    await t.http.get('/api/auth/check/').expect(401);
    await t.http.get('/api/auth/check/').set({ Authorization: 'Bearer not-a-token' }).expect(401);
  });

  it('rotates the refresh token, and re-use of a rotated one revokes the whole family', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    const first = login.body.refresh as string;
    const r1 = await t.http.post('/api/auth/token/refresh/').send({ refresh: first }).expect(200);
    expect(r1.body.access).toBeTruthy();
    expect(r1.body.refresh).not.toBe(first);
    const second = r1.body.refresh as string;
    // the stolen first token comes back after the grace period: refused, and the live second token dies with it
    await t.ds.query(`UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL`);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: first }).expect(401);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: second }).expect(401);
  });

  it('accepts a just-rotated token again within the grace period (a page left mid-refresh)', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: login.body.refresh }).expect(200);
    const again = await t.http.post('/api/auth/token/refresh/').send({ refresh: login.body.refresh }).expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: again.body.refresh }).expect(200);
  });

  it('answers no-store to login, refresh, logout and every signed-in call', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await t.http.post('/api/auth/token/refresh/').send({ refresh: login.body.refresh }).expect(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const check = await t.http.get('/api/auth/check/').set(bearer(refreshed.body)).expect(200);
    expect(check.headers['cache-control']).toBe('no-store');
    const classes = await t.http
      .get('/api/auth/admin/students/list')
      .set(bearer(await createUser(t, { role: 'ADMIN' })))
      .expect(200);
    expect(classes.headers['cache-control']).toBe('no-store');
    const logout = await t.http.post('/api/auth/logout/').send({ refresh: refreshed.body.refresh }).expect(200);
    expect(logout.headers['cache-control']).toBe('no-store');
  });

  it('logout revokes the refresh token', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    await t.http.post('/api/auth/logout/').send({ refresh: login.body.refresh }).expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: login.body.refresh }).expect(401);
  });

  it('browsers get an httpOnly cookie instead of a refresh token in the body, and refresh with it', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').set(BROWSER).send({ email: u.email, password: u.password }).expect(200);
    expect(login.body.refresh).toBeUndefined();
    const cookie = cookieOf(login)!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/auth/);
    const pair = cookie.split(';')[0];
    // without the browser header the cookie is not honoured (CSRF guard)
    await t.http.post('/api/auth/token/refresh/').set('Cookie', pair).send({}).expect(401);
    const refreshed = await t.http.post('/api/auth/token/refresh/').set(BROWSER).set('Cookie', pair).send({}).expect(200);
    expect(refreshed.body.access).toBeTruthy();
    expect(cookieOf(refreshed)).toBeTruthy();
    const logout = await t.http
      .post('/api/auth/logout/')
      .set(BROWSER)
      .set('Cookie', cookieOf(refreshed)!.split(';')[0])
      .send({})
      .expect(200);
    expect(cookieOf(logout)).toMatch(/school_refresh=;/);
  });

  it('a browser logout without the X-Requested-With header (a cross-site form) neither signs out nor clears the cookie', async () => {
    const u = await createUser(t);
    const login = await t.http.post('/api/auth/login/').set(BROWSER).send({ email: u.email, password: u.password }).expect(200);
    const pair = cookieOf(login)!.split(';')[0];
    const forged = await t.http.post('/api/auth/logout/').set('Cookie', pair).type('form').send('').expect(403);
    expect(forged.body.message).toBe('Logging out from a browser needs the X-Requested-With header.');
    expect(forged.headers['set-cookie']).toBeUndefined();
    await t.http.get('/api/auth/check/').set(bearer(login.body)).expect(200);
    await t.http.post('/api/auth/token/refresh/').set(BROWSER).set('Cookie', pair).send({}).expect(200);
  });

  it('sets a readable session hint beside the refresh cookie, for every app, and clears both on logout and on a refused refresh', async () => {
    const u = await createUser(t);
    const hintOf = (res: { headers: Record<string, unknown> }) =>
      ((res.headers['set-cookie'] as string[] | undefined) ?? []).find((c) => c.startsWith('school_has_session='));
    const login = await t.http.post('/api/auth/login/').set(BROWSER).send({ email: u.email, password: u.password }).expect(200);
    const hint = hintOf(login)!;
    expect(hint).toMatch(/^school_has_session=1;/);
    expect(hint).toMatch(/Path=\//);
    expect(hint).not.toMatch(/HttpOnly/i);
    const pair = cookieOf(login)!.split(';')[0];
    const logout = await t.http.post('/api/auth/logout/').set(BROWSER).set('Cookie', pair).send({}).expect(200);
    expect(hintOf(logout)).toMatch(/^school_has_session=;.*Expires=Thu, 01 Jan 1970/);
    const refused = await t.http.post('/api/auth/token/refresh/').set(BROWSER).set('Cookie', pair).send({}).expect(401);
    expect(hintOf(refused)).toMatch(/^school_has_session=;/);
  });

  it('refuses an expired access token', async () => {
    const u = await createUser(t);
    const { JwtService } = await import('@nestjs/jwt');
    const expired = new JwtService({ secret: t.config.JWT_SECRET }).sign(
      { sub: u.id_slug, uid: u.id, role: 'STUDENT' },
      { expiresIn: -10 },
    );
    await t.http
      .get('/api/auth/check/')
      .set({ Authorization: `Bearer ${expired}` })
      .expect(401);
  });
});

describe('account settings', () => {
  it('PATCH /api/auth/profile/update changes the names and answers the user', async () => {
    const u = await createUser(t);
    const res = await t.http
      .patch('/api/auth/profile/update')
      .set(bearer(u))
      .send({ first_name: ' Nur ', last_name: 'Izzati' })
      .expect(200);
    expect(res.body.user).toMatchObject({ first_name: 'Nur', last_name: 'Izzati' });
    const bad = await t.http.patch('/api/auth/profile/update').set(bearer(u)).send({ first_name: 'N', last_name: '' }).expect(400);
    expect(bad.body.errors).toMatchObject({ first_name: 'Please enter a valid name', last_name: 'Last name is required' });
    await t.http.patch('/api/auth/profile/update').send({ first_name: 'Nur', last_name: 'Izzati' }).expect(401);
  });

  it('changes the password after checking the current one, and ends other sessions', async () => {
    const u = await createUser(t);
    const other = await t.http.post('/api/auth/login/').send({ email: u.email, password: u.password }).expect(200);
    const wrong = await t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(u))
      .send({ old_password: 'Nope#1234', new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' })
      .expect(400);
    expect(wrong.body.errors.old_password).toBe('Current password is incorrect.');
    const missing = await t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(u))
      .send({ old_password: '', new_password: 'weak', confirm_new_password: '' })
      .expect(400);
    expect(missing.body.errors).toMatchObject({
      old_password: 'Current password is required',
      new_password: PASSWORD_RULE,
      confirm_new_password: 'Confirm password is required.',
    });
    await t.http
      .post('/api/auth/account/change-password/')
      .set(bearer(u))
      .send({ old_password: u.password, new_password: 'Fresh#Wafer77', confirm_new_password: 'Fresh#Wafer77' })
      .expect(200);
    await t.http.post('/api/auth/token/refresh/').send({ refresh: other.body.refresh }).expect(401);
    await t.http.post('/api/auth/login/').send({ email: u.email, password: 'Fresh#Wafer77' }).expect(200);
  });

  it('refuses a new password with a leading or trailing space, or one too easy to guess', async () => {
    const u = await createUser(t);
    const change = (new_password: string) =>
      t.http
        .post('/api/auth/account/change-password/')
        .set(bearer(u))
        .send({ old_password: u.password, new_password, confirm_new_password: new_password });
    expect((await change('Fresh#Wafer77 ').expect(400)).body.errors.new_password).toBe('Password must not start or end with a space.');
    expect((await change('Welcome@123').expect(400)).body.errors.new_password).toBe(
      'This password is too easy to guess. Please choose a less common one.',
    );
  });

  it('asks for an email change after checking the current email and password', async () => {
    const u = await createUser(t);
    const taken = await createUser(t);
    const body = { current_email: u.email, current_password: u.password, new_email: ' Moved@Example.com ' };
    const badPw = await t.http
      .post('/api/auth/account/change-email/')
      .set(bearer(u))
      .send({ ...body, current_password: 'Wrong#Pass1' })
      .expect(400);
    expect(badPw.body.errors.current_password).toBeTruthy();
    const badCurrent = await t.http
      .post('/api/auth/account/change-email/')
      .set(bearer(u))
      .send({ ...body, current_email: 'other@example.com' })
      .expect(400);
    expect(badCurrent.body.errors.current_email).toBeTruthy();
    const dup = await t.http
      .post('/api/auth/account/change-email/')
      .set(bearer(u))
      .send({ ...body, new_email: taken.email })
      .expect(400);
    expect(dup.body.errors.new_email).toBe('An account with this email already exists.');
    const invalid = await t.http
      .post('/api/auth/account/change-email/')
      .set(bearer(u))
      .send({ current_email: '', current_password: '', new_email: 'nope' })
      .expect(400);
    expect(invalid.body.errors).toMatchObject({
      current_email: 'Current email is required',
      current_password: 'Password is required',
      new_email: 'Invalid email format',
    });
    const ok = await t.http.post('/api/auth/account/change-email/').set(bearer(u)).send(body).expect(200);
    // The address changes once confirmed from the new inbox (test/auth/email-change.api.test.ts).
    expect(ok.body).toMatchObject({ user: { email: u.email }, pending_email: 'moved@example.com' });
  });
});

describe('platform', () => {
  it('GET /api/health reports the database', async () => {
    const res = await t.http.get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('answers unknown API paths with a JSON 404 and malformed JSON with 400', async () => {
    const res = await t.http
      .get('/api/does-not-exist')
      .set(bearer(await createUser(t)))
      .expect(404);
    expect(res.body.message).toBeTruthy();
    await t.http.post('/api/auth/login/').set('Content-Type', 'application/json').send('{bad').expect(400);
  });

  it('refuses JSON bodies over 100 kB', async () => {
    await t.http
      .post('/api/auth/login/')
      .send({ email: 'a@b.co', password: 'x'.repeat(120_000) })
      .expect(413);
  });
});
