import { HostCompanyListResponseSchema, HostCompanyResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Host companies: admins add and edit them (sites and contacts with them); the list is searched by
 * name or registration number and paged in SQL; a registration number names one company; a site a
 * placement names stays; students and instructors reach none of it.
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
let teacher: TestUser;
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t);
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
});
afterAll(async () => t?.close());

const company = (n: string, extra: Record<string, unknown> = {}) => ({
  name: `Wafer Works ${n} ${tag}`,
  registration_number: `REG-${n}-${tag}`,
  sites: [
    { name: 'Kulim Fab 1', address: 'Kulim Hi-Tech Park, Kedah' },
    { name: 'Penang Test', address: 'Bayan Lepas, Penang' },
  ],
  contacts: [{ name: 'Siti HR', role: 'HR manager', email: `siti.${n}@example.com`, phone: '+60 12-345 6789' }],
  ...extra,
});
const create = (body: object, as = admin) => t.http.post('/api/host-companies/admin').set(bearer(as)).send(body);

describe('host companies', { timeout: 60_000 }, () => {
  it('an admin adds one with its sites and contacts, reads it back and edits it', async () => {
    const made = HostCompanyResponseSchema.parse((await create(company('a')).expect(201)).body).data;
    expect(made).toMatchObject({ name: `Wafer Works a ${tag}`, placements: 0, sites: [{ name: 'Kulim Fab 1' }, { name: 'Penang Test' }] });
    expect(made.contacts[0]).toEqual({ name: 'Siti HR', role: 'HR manager', email: 'siti.a@example.com', phone: '+60 12-345 6789' });
    const edited = (
      await t.http
        .put(`/api/host-companies/admin/${made.id_slug}`)
        .set(bearer(admin))
        .send(company('a', { name: `Wafer Works Renamed ${tag}`, sites: [{ name: 'Kulim Fab 2', address: '' }] }))
        .expect(200)
    ).body.data;
    expect(edited).toMatchObject({ name: `Wafer Works Renamed ${tag}`, sites: [{ name: 'Kulim Fab 2', address: '' }] });
    expect((await t.http.get(`/api/host-companies/admin/${made.id_slug}`).set(bearer(admin)).expect(200)).body.data.name).toBe(
      `Wafer Works Renamed ${tag}`,
    );
  });

  it('refuses a missing name, no site, two sites of one name, a bad contact email, unknown fields and a taken registration number', async () => {
    expect((await create(company('b', { name: ' ' })).expect(400)).body.errors.name).toBe('Company name is required');
    expect((await create(company('b', { sites: [] })).expect(400)).body.errors.sites).toBe('Add at least one site');
    const twice = [
      { name: 'Fab', address: '' },
      { name: 'fab', address: '' },
    ];
    expect((await create(company('b', { sites: twice })).expect(400)).body.errors.sites).toBe('Each site needs its own name');
    await create(company('b', { contacts: [{ name: 'X', email: 'not-an-email' }] })).expect(400);
    await create(company('b', { id_slug: 'mine' })).expect(400);
    await create(company('c')).expect(201);
    // The same number in another case is the same company.
    const again = await create(company('c', { name: 'Other', registration_number: `reg-c-${tag}` })).expect(400);
    expect(again.body.errors.registration_number).toBe('A host company with this registration number already exists');
    await t.http.put(`/api/host-companies/admin/0123456789abcdef`).set(bearer(admin)).send(company('z')).expect(404);
  });

  it('searches by name or registration number and pages in SQL', async () => {
    for (const n of ['p1', 'p2', 'p3']) await create(company(n, { name: `Pager ${n} ${tag}` })).expect(201);
    const list = (q: string) =>
      t.http
        .get(`/api/host-companies/admin?${q}`)
        .set(bearer(admin))
        .expect(200)
        .then((r) => HostCompanyListResponseSchema.parse(r.body));
    const first = await list(`search_query=Pager&page_size=2&order_by=-name`);
    expect(first.count).toBeGreaterThanOrEqual(3);
    expect(first.data).toHaveLength(2);
    expect(first.num_pages).toBe(Math.ceil(first.count / 2));
    const byNumber = await list(`search_query=${encodeURIComponent(`REG-p2-${tag}`)}`);
    expect(byNumber.data.map((c) => c.name)).toEqual([`Pager p2 ${tag}`]);
    // LIKE's wildcards are taken literally.
    expect((await list(`search_query=%25%25${tag}`)).count).toBe(0);
    await t.http.get('/api/host-companies/admin?order_by=password').set(bearer(admin)).expect(400);
  });

  it('is for admins only', async () => {
    for (const who of [student, teacher]) {
      await t.http.get('/api/host-companies/admin').set(bearer(who)).expect(403);
      await create(company('s'), who).expect(403);
    }
    await t.http.get('/api/host-companies/admin').expect(401);
  });
});
