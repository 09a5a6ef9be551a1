import { SCHOOL_NAME } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { makeCohort, makeCourse } from '../fixtures/admin.fixtures';

let t: TestApp;
let admin: TestUser;
let student: TestUser;
let instructor: TestUser;
let cohortSlug: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { role: 'STUDENT' });
  instructor = await createUser(t, { role: 'INSTRUCTOR' });
  const course = await makeCourse(t, admin, { title: 'Certified course' });
  cohortSlug = (await makeCohort(t, admin, { title: 'Certified cohort', course_ids: [course.id_slug] })).id_slug;
});
afterAll(async () => t?.close());

const as = (u: TestUser) => bearer(u);
const create = (body: object, who = admin) => t.http.post('/api/certificates/admin/create').set(as(who)).send(body);

describe('POST /api/certificates/admin/create', () => {
  it('creates a certificate with the default provider', async () => {
    const res = await create({ title: 'Cleanroom Safety' }).expect(201);
    expect(res.body.id_slug).toMatch(/^[0-9a-f]{32}$/);
    const [row] = await t.ds.query(`SELECT title, provider FROM certificates WHERE id_slug = $1`, [res.body.id_slug]);
    expect(row).toEqual({ title: 'Cleanroom Safety', provider: [SCHOOL_NAME] });
  });

  it('keeps a given provider list', async () => {
    const res = await create({ title: 'Partner cert', provider: ['Fab Partner Sdn Bhd'] }).expect(201);
    const [row] = await t.ds.query(`SELECT provider FROM certificates WHERE id_slug = $1`, [res.body.id_slug]);
    expect(row.provider).toEqual(['Fab Partner Sdn Bhd']);
  });

  it('requires a title with the spec message', async () => {
    const res = await create({ title: ' ' }).expect(400);
    expect(res.body.errors.title).toBe('Certificate title is required');
  });

  it('refuses students and instructors', async () => {
    await create({ title: 'Forged' }, student).expect(403);
    await create({ title: 'Forged' }, instructor).expect(403);
    expect(await t.ds.query(`SELECT 1 FROM certificates WHERE title = 'Forged'`)).toEqual([]);
  });
});

describe('linking certificates to a cohort and listing them', () => {
  let linked: string;
  let unlinked: string;
  beforeAll(async () => {
    linked = (await create({ title: 'Lithography Level 1' }).expect(201)).body.id_slug;
    unlinked = (await create({ title: 'lithography Level 2' }).expect(201)).body.id_slug;
  });

  it('links a certificate once; twice is refused', async () => {
    for (const who of [student, instructor]) {
      await t.http.post(`/api/cohorts/admin/${cohortSlug}/add-certificate`).set(as(who)).send({ certificate_id_slug: linked }).expect(403);
    }
    const res = await t.http
      .post(`/api/cohorts/admin/${cohortSlug}/add-certificate`)
      .set(as(admin))
      .send({ certificate_id_slug: linked })
      .expect(201);
    expect(res.body).toEqual({ cohort_id_slug: cohortSlug, certificate_id_slug: linked });
    const again = await t.http
      .post(`/api/cohorts/admin/${cohortSlug}/add-certificate`)
      .set(as(admin))
      .send({ certificate_id_slug: linked })
      .expect(409);
    expect(again.body.message).toBe('This certificate is already linked to the cohort!');
    await t.http
      .post(`/api/cohorts/admin/${cohortSlug}/add-certificate`)
      .set(as(admin))
      .send({ certificate_id_slug: 'missing' })
      .expect(404);
    await t.http.post('/api/cohorts/admin/missing/add-certificate').set(as(admin)).send({ certificate_id_slug: linked }).expect(404);
  });

  it('filters by cohort and by the cohort it lacks, searches and sorts', async () => {
    const inCohort = await t.http.get(`/api/certificates/admin/list?cohort_id_slug=${cohortSlug}`).set(as(admin)).expect(200);
    expect(inCohort.body).toMatchObject({ count: 1, num_pages: 1 });
    expect(inCohort.body.data[0]).toMatchObject({ id_slug: linked, cohorts_count: 1, provider: [SCHOOL_NAME] });
    const outside = await t.http
      .get(`/api/certificates/admin/list?exclude_cohort_id_slug=${cohortSlug}&search_query=LITHO`)
      .set(as(admin))
      .expect(200);
    expect(outside.body.data.map((c: { id_slug: string }) => c.id_slug)).toEqual([unlinked]);
    const az = await t.http.get('/api/certificates/admin/list?search_query=lithography&order_by=title').set(as(admin)).expect(200);
    expect(az.body.data.map((c: { title: string }) => c.title)).toEqual(['Lithography Level 1', 'lithography Level 2']);
    const newest = await t.http.get('/api/certificates/admin/list').set(as(admin)).expect(200);
    expect(newest.body.data[0].title).toBe('lithography Level 2');
  });

  it('pages by 10', async () => {
    for (let i = 0; i < 10; i++) await create({ title: `Bulk cert ${i}` }).expect(201);
    const res = await t.http.get('/api/certificates/admin/list').set(as(admin)).expect(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.num_pages).toBe(Math.ceil(res.body.count / 10));
    expect(res.body.count).toBeGreaterThan(10);
  });

  it('is for admins only', async () => {
    await t.http.get('/api/certificates/admin/list').set(as(student)).expect(403);
    await t.http.get('/api/certificates/admin/list').set(as(instructor)).expect(403);
  });
});
