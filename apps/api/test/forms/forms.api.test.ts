import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_TOKEN_HEADER } from '@school/contracts';
import { VISITOR_TOKENS_PER_ADDRESS } from '../../src/modules/forms/forms.controller';
import { bearer, createTestApp, createUser, startSecondInstance, type TestApp, type TestUser } from '../test-app';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT' });
});
afterAll(async () => t?.close());

const contact = {
  firstName: 'Aina',
  lastName: 'Zulkifli',
  email: ' Aina.Z@Example.com ',
  phone: '+60 12-345 6789',
  message: 'Do you run weekend classes?',
};
const courseInterest = { firstName: 'Mei Ling', lastName: 'Tan', email: 'meiling@example.com', course: 'Introduction to Semiconductors' };

describe('POST /api/forms/contact/', () => {
  it('stores a JSON submission and answers ok', async () => {
    const res = await t.http.post('/api/forms/contact/').set('Accept', 'application/json').send(contact).expect(200);
    expect(res.body).toEqual({ ok: true });
    const rows = await t.ds.query(
      `SELECT kind, first_name, last_name, email, phone, message, course FROM form_submissions WHERE first_name = 'Aina'`,
    );
    expect(rows).toEqual([
      {
        kind: 'contact',
        first_name: 'Aina',
        last_name: 'Zulkifli',
        email: 'aina.z@example.com',
        phone: '+60 12-345 6789',
        message: 'Do you run weekend classes?',
        course: null,
      },
    ]);
  });

  it('accepts multipart form data, as the page sends it', async () => {
    const res = await t.http
      .post('/api/forms/contact/')
      .set('Accept', 'application/json')
      .field('firstName', 'Multi')
      .field('lastName', 'Part')
      .field('email', 'multi@example.com')
      .field('phone', '0123456789')
      .field('message', 'Sent as form data')
      .expect(200);
    expect(res.body).toEqual({ ok: true });
    const [row] = await t.ds.query(`SELECT message FROM form_submissions WHERE email = 'multi@example.com'`);
    expect(row.message).toBe('Sent as form data');
  });

  it('answers every missing field in the errors array', async () => {
    const res = await t.http.post('/api/forms/contact/').send({}).expect(400);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone is required',
      'Message is required',
    ]);
  });

  it('checks the email format and rejects unknown fields', async () => {
    const bad = await t.http
      .post('/api/forms/contact/')
      .send({ ...contact, email: 'not-an-email' })
      .expect(400);
    expect(bad.body.errors).toEqual([{ field: 'email', message: 'Invalid email format' }]);
    const extra = await t.http
      .post('/api/forms/contact/')
      .send({ ...contact, role: 'ADMIN' })
      .expect(400);
    expect(extra.body.errors[0].message).toMatch(/role/);
  });

  it('refuses a file smuggled into the form', async () => {
    await t.http
      .post('/api/forms/contact/')
      .field('firstName', 'F')
      .field('lastName', 'L')
      .field('email', 'f@example.com')
      .field('phone', '1')
      .field('message', 'm')
      .attach('file', Buffer.from('%PDF-1.4'), 'x.pdf')
      .expect(400);
  });
});

describe('POST /api/forms/course-interest/', () => {
  it('stores the names, email and the hidden course title', async () => {
    await t.http
      .post('/api/forms/course-interest/')
      .field('firstName', 'Kumar')
      .field('lastName', 'Raj')
      .field('email', 'kumar@example.com')
      .field('course', 'Introduction to Semiconductors')
      .expect(200, { ok: true });
    const [row] = await t.ds.query(`SELECT kind, course, phone FROM form_submissions WHERE email = 'kumar@example.com'`);
    expect(row).toEqual({ kind: 'course-interest', course: 'Introduction to Semiconductors', phone: null });
  });

  it('requires the course and the names', async () => {
    const res = await t.http.post('/api/forms/course-interest/').send({ firstName: ' ', email: 'k@example.com' }).expect(400);
    expect(res.body.errors).toEqual([
      { field: 'firstName', message: 'First name is required' },
      { field: 'lastName', message: 'Last name is required' },
      { field: 'course', message: 'Course is required' },
    ]);
  });
});

describe('GET /api/forms/admin/list', () => {
  it('lists submissions newest first, filtered by kind and search, paginated', async () => {
    for (let i = 0; i < 3; i++) {
      await t.http
        .post('/api/forms/course-interest/')
        .send({ firstName: `Page${i}`, lastName: 'Tester', email: `page${i}@example.com`, course: 'Wafer Fabrication' })
        .expect(200);
    }
    const all = await t.http
      .get('/api/forms/admin/list?kind=course-interest&search_query=wafer&page_size=2')
      .set(bearer(admin))
      .expect(200);
    expect(all.body.count).toBe(3);
    expect(all.body.num_pages).toBe(2);
    expect(all.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Page2', 'Page1']);
    expect(all.body.data[0]).toMatchObject({ kind: 'course-interest', email: 'page2@example.com', course: 'Wafer Fabrication' });
    const second = await t.http
      .get('/api/forms/admin/list?kind=course-interest&search_query=wafer&page_size=2&page=2')
      .set(bearer(admin))
      .expect(200);
    expect(second.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Page0']);
    const contacts = await t.http.get('/api/forms/admin/list?kind=contact&order_by=first_name').set(bearer(admin)).expect(200);
    expect(contacts.body.data.every((r: { kind: string }) => r.kind === 'contact')).toBe(true);
    expect(contacts.body.data.map((r: { first_name: string }) => r.first_name)).toEqual(['Aina', 'Multi']);
  });

  it('takes search wildcards literally', async () => {
    const res = await t.http.get('/api/forms/admin/list?search_query=%25').set(bearer(admin)).expect(200);
    expect(res.body.count).toBe(0);
  });

  it('rejects an unknown sort, kind or page size', async () => {
    await t.http.get('/api/forms/admin/list?order_by=password').set(bearer(admin)).expect(400);
    await t.http.get('/api/forms/admin/list?kind=spam').set(bearer(admin)).expect(400);
    await t.http.get('/api/forms/admin/list?page_size=1000').set(bearer(admin)).expect(400);
  });

  it('is for admins only', async () => {
    await t.http.get('/api/forms/admin/list').expect(401);
    await t.http.get('/api/forms/admin/list').set(bearer(student)).expect(403);
  });
});

describe('rate limit', () => {
  it('limits how often one address may post a form', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.http.post('/api/forms/contact/').send({ ...contact, email: `r${i}@example.com` });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts visitors with their own tokens apart, so a campus behind one address is not blocked by ten of them', async () => {
    const limited = await createTestApp();
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 15; i++) tokens.push((await limited.http.post('/api/forms/visitor-token/').expect(200)).body.token);
      expect(new Set(tokens).size).toBe(15);
      // Fifteen visitors behind one address each send a form: none is refused (the address alone allows ten).
      for (const [i, token] of tokens.entries()) {
        await limited.http
          .post('/api/forms/contact/')
          .set(VISITOR_TOKEN_HEADER, token)
          .send({ ...contact, email: `v${i}@example.com` })
          .expect(200);
      }
      // One visitor has ten; the eleventh is refused with the wait in minutes, in both error shapes.
      for (let i = 1; i < 10; i++)
        await limited.http
          .post('/api/forms/contact/')
          .set(VISITOR_TOKEN_HEADER, tokens[0])
          .send({ ...contact, email: `w${i}@example.com` })
          .expect(200);
      const refused = await limited.http.post('/api/forms/contact/').set(VISITOR_TOKEN_HEADER, tokens[0]).send(contact).expect(429);
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(500);
      expect(seconds).toBeLessThanOrEqual(600);
      const message = `Too many submissions from your network. Please try again in ${Math.ceil(seconds / 60)} minutes.`;
      expect(refused.body).toEqual({ message, errors: [{ message }] });
      // The others still may.
      await limited.http.post('/api/forms/contact/').set(VISITOR_TOKEN_HEADER, tokens[1]).send(contact).expect(200);
    } finally {
      await limited.close();
    }
  });

  it('counts a forged or altered token as none: per address', async () => {
    const limited = await createTestApp();
    try {
      const { token } = (await limited.http.post('/api/forms/visitor-token/').expect(200)).body;
      const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`;
      for (let i = 0; i < 10; i++) {
        await limited.http
          .post('/api/forms/course-interest/')
          .set(VISITOR_TOKEN_HEADER, i % 2 ? forged : 'nonsense')
          .send({ ...courseInterest, email: `f${i}@example.com` })
          .expect(200);
      }
      await limited.http.post('/api/forms/course-interest/').send(courseInterest).expect(429);
      // A real token is its own budget.
      await limited.http.post('/api/forms/course-interest/').set(VISITOR_TOKEN_HEADER, token).send(courseInterest).expect(200);
    } finally {
      await limited.close();
    }
  });

  it('caps all the visitors of one address together', async () => {
    const limited = await createTestApp();
    try {
      const statuses: number[] = [];
      // 21 visitors of one address, each within their own budget of 10.
      const tokens: string[] = [];
      for (let v = 0; v < 21; v++) tokens.push((await limited.http.post('/api/forms/visitor-token/').expect(200)).body.token);
      for (let i = 0; i < 201; i++) {
        const token = tokens[Math.floor(i / 10)];
        statuses.push(
          (
            await limited.http
              .post('/api/forms/contact/')
              .set(VISITOR_TOKEN_HEADER, token)
              .send({ ...contact, email: `c${i}@example.com` })
          ).status,
        );
      }
      expect(statuses.slice(0, 200).every((s) => s === 200)).toBe(true);
      expect(statuses[200]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('caps the visitor tokens one address may mint, so it cannot open itself many visitors’ budgets', async () => {
    const limited = await createTestApp();
    try {
      for (let i = 0; i < VISITOR_TOKENS_PER_ADDRESS; i++) await limited.http.post('/api/forms/visitor-token/').expect(200);
      await limited.http.post('/api/forms/visitor-token/').expect(429);
    } finally {
      await limited.close();
    }
  });

  it('counts in the database, so every API process shares the limit', async () => {
    const limited = await createTestApp();
    const other = await startSecondInstance(limited);
    try {
      for (let i = 0; i < 10; i++)
        await limited.http
          .post('/api/forms/contact/')
          .send({ ...contact, email: `s${i}@example.com` })
          .expect(200);
      const res = await other.http
        .post('/api/forms/contact/')
        .send({ ...contact, email: 's10@example.com' })
        .expect(429);
      // Seconds until the 10-minute window ends.
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(500);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    } finally {
      await other.close();
      await limited.close();
    }
  });
});
