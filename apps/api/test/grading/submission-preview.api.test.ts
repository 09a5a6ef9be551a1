import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The inline preview of a file inside a submitted zip: text as text, PDFs as PDFs, anything else
 * refused; capped in size; served with nosniff and a sandboxing policy; for the cohort's graders only.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let submission: string;

const PDF = '%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n';
const preview = (who: TestUser | null, path: string, sub = submission) => {
  const req = t.http.get(`/api/grading/submissions/${sub}/preview`).query({ path });
  return who ? req.set(bearer(who)) : req;
};

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  alice = await createUser(t);
  bob = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Preview course',
    modules: [{ title: 'Work', lessons: [{ title: 'FIFO project', lesson_type: 'PROJECT' }] }],
  });
  const lesson = course.modules[0].lessons[0].id_slug;
  const cohort = await makeCohort(t, admin, { title: 'Preview cohort', course_ids: [course.id_slug] });
  await enrol(t, admin, cohort.id_slug, alice);
  await enrol(t, admin, cohort.id_slug, bob);
  await linkInstructor(t, admin, cohort.id_slug, teacher);
  const other = await makeCohort(t, admin, { title: 'Other preview cohort', course_ids: [course.id_slug] });
  await linkInstructor(t, admin, other.id_slug, otherTeacher);
  await t.http.put(`/api/courses/admin/lessons/${lesson}/project`).set(bearer(admin)).send({ instructions: 'A FIFO.' }).expect(200);
  await t.http
    .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lesson}/grade-item`)
    .set(bearer(admin))
    .send({ deadline_datetime: new Date(Date.now() + 86_400_000).toISOString(), grade_percentage: 100 })
    .expect(200);
  const zip = makeZip([
    { name: 'rtl/fifo.sv', data: 'module fifo; // depth 16\nendmodule\n', deflate: true },
    { name: 'report/notes.html', data: '<script>alert(document.cookie)</script>' },
    { name: 'report/report.pdf', data: PDF },
    { name: 'bin/sim.out', data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2]) },
    // Past the 2 MB cap (random bytes: an archive refuses what compresses suspiciously well).
    { name: 'waves/dump.vcd', data: randomBytes(2 * 1024 * 1024 + 1) },
  ]);
  const res = await t.http
    .post(`/api/cohorts/${cohort.id_slug}/lessons/${lesson}/project/submission`)
    .set(bearer(alice))
    .attach('file', zip, 'fifo.zip')
    .expect(201);
  submission = res.body.data.submission.id_slug;
});
afterAll(async () => t?.close());

describe('submission file preview', () => {
  it('serves a text file as plain text with nosniff and a sandboxing policy', async () => {
    const res = await preview(teacher, 'rtl/fifo.sv').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="fifo\.sv"; filename\*=UTF-8''fifo\.sv/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.text).toBe('module fifo; // depth 16\nendmodule\n');
  });

  it('never serves a file as HTML: an .html file is text', async () => {
    const res = await preview(admin, 'report/notes.html').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toBe('<script>alert(document.cookie)</script>');
  });

  it('serves a PDF as a PDF', async () => {
    const res = await preview(teacher, 'report/report.pdf')
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((res.body as Buffer).toString('latin1')).toBe(PDF);
  });

  it('refuses a binary file, a file over the size cap and a path the archive does not list, in words', async () => {
    const binary = await preview(teacher, 'bin/sim.out').expect(415);
    expect(binary.body.message).toMatch(/Only text and PDF files are previewed/);
    const big = await preview(teacher, 'waves/dump.vcd').expect(413);
    expect(big.body.errors.path).toMatch(/not previewed/);
    await preview(teacher, '../../etc/passwd').expect(404);
    await preview(teacher, 'rtl/missing.sv').expect(404);
    await t.http.get(`/api/grading/submissions/${submission}/preview`).set(bearer(teacher)).expect(400);
  });

  it("is for the cohort's graders only", async () => {
    await preview(otherTeacher, 'rtl/fifo.sv').expect(404);
    await preview(alice, 'rtl/fifo.sv').expect(403);
    await preview(bob, 'rtl/fifo.sv').expect(403);
    await preview(null, 'rtl/fifo.sv').expect(401);
  });
});
