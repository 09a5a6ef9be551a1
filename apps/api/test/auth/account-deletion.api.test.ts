import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_SELF_MESSAGE, LAST_ADMIN_MESSAGE } from '../../src/modules/auth/auth.service';
import { StorageService } from '../../src/platform/storage/storage.service';
import { enrol, isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { until } from '../fixtures/smtp.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * An admin deletes an account: it goes with its enrolments, progress, hand-ins (rows and files)
 * and grades, in one transaction; its tokens stop working. Nobody deletes their own account this
 * way, the last admin stays, and only admins may call it.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

const remove = (as: TestUser, who: { id_slug: string }) => t.http.delete(`/api/auth/admin/users/${who.id_slug}`).set(bearer(as));

/** A student enrolled in a cohort with a project, who has handed it in. */
async function handedIn() {
  const course = await makeCourse(t, admin, {
    title: `Lithography ${Date.now()}`,
    modules: [{ title: 'Masks', lessons: [{ title: 'Mask project', lesson_type: 'PROJECT' }] }],
  });
  const [project] = course.modules[0].lessons;
  const cohort = await makeCohort(t, admin, { title: `Litho cohort ${Date.now()}`, course_ids: [course.id_slug] });
  await t.http
    .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${project.id_slug}/grade-item`)
    .set(bearer(admin))
    .send({ deadline_datetime: isoIn(7), grade_percentage: 100 })
    .expect(200);
  const student = await createUser(t, { first_name: 'Mei', last_name: 'Ling' });
  await enrol(t, admin, cohort.id_slug, student);
  await t.http
    .post(`/api/cohorts/${cohort.id_slug}/lessons/${project.id_slug}/project/submission`)
    .set(bearer(student))
    .attach('file', makeZip([{ name: 'mask.txt', data: 'reticle 4x' }]), 'mask.zip')
    .expect(201);
  return { cohort, student };
}

describe('deleting an account', () => {
  it('removes the account with its enrolment, hand-in and file; its token and password stop working', async () => {
    const { cohort, student } = await handedIn();
    const [file] = await t.ds.query(
      `SELECT f.storage_key FROM stored_files f JOIN users u ON u.id = f.uploaded_by WHERE u.id = $1 AND f.purpose = 'project-submission'`,
      [student.id],
    );
    const path = t.app.get(StorageService).disk.pathOf(file.storage_key);
    expect(existsSync(path)).toBe(true);

    const res = await remove(admin, student).expect(200);
    expect(res.body).toEqual({ message: 'Account deleted: Mei Ling.' });

    expect(await t.ds.query(`SELECT 1 FROM users WHERE id = $1`, [student.id])).toEqual([]);
    expect(await t.ds.query(`SELECT 1 FROM enrolments WHERE user_id = $1`, [student.id])).toEqual([]);
    expect(await t.ds.query(`SELECT 1 FROM submissions WHERE user_id = $1`, [student.id])).toEqual([]);
    expect(await t.ds.query(`SELECT 1 FROM stored_files WHERE storage_key = $1`, [file.storage_key])).toEqual([]);
    expect(existsSync(path)).toBe(false);
    // Each API process drops its cached token version when PostgreSQL announces the change, this one
    // included: refused within the same 5 s as on any other instance.
    await until(
      "the deleted account's token is refused",
      async () => (await t.http.get('/api/auth/check/').set(bearer(student))).status === 401,
      5_000,
    );
    const login = await t.http.post('/api/auth/login/').send({ email: student.email, password: student.password }).expect(400);
    expect(login.body.errors.email).toBe('There is no user with that email.');
    const students = (await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students`).set(bearer(admin)).expect(200)).body;
    expect(JSON.stringify(students)).not.toContain(student.email);
    // Gone is gone: a second call finds nothing.
    await remove(admin, student).expect(404);
  });

  it('refuses one’s own account and answers 404 for an unknown account', async () => {
    const res = await remove(admin, admin).expect(400);
    expect(res.body.message).toBe(DELETE_SELF_MESSAGE);
    await t.http.delete('/api/auth/admin/users/0123456789abcdef0123456789abcdef').set(bearer(admin)).expect(404);
  });

  it('keeps the last admin when two admins delete each other at the same moment', async () => {
    const [a, b] = [await createUser(t, { role: 'ADMIN' }), await createUser(t, { role: 'ADMIN' })];
    const others = (await t.ds.query(`SELECT id_slug FROM users WHERE role = 'ADMIN'`)) as { id_slug: string }[];
    for (const o of others) if (o.id_slug !== a.id_slug && o.id_slug !== b.id_slug) await remove(a, o).expect(200);
    const answers = await Promise.all([remove(a, b), remove(b, a)]);
    expect(answers.map((r) => r.status).filter((s) => s === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.status !== 200)!;
    // Refused by the rule, or because the caller's own account went first.
    if (refused.status === 400) expect(refused.body.message).toBe(LAST_ADMIN_MESSAGE);
    else expect(refused.status).toBe(401);
    expect(await t.ds.query(`SELECT id_slug FROM users WHERE role = 'ADMIN'`)).toHaveLength(1);
    admin = answers[0].status === 200 ? a : b;
  });

  it('is an admin call: a student or an instructor cannot delete anyone, themselves included', async () => {
    const student = await createUser(t);
    const other = await createUser(t);
    const instructor = await createUser(t, { role: 'INSTRUCTOR' });
    for (const caller of [student, instructor]) {
      await remove(caller, other).expect(403);
      await remove(caller, caller).expect(403);
    }
    expect(await t.ds.query(`SELECT 1 FROM users WHERE id = ANY($1::bigint[])`, [[student.id, other.id, instructor.id]])).toHaveLength(3);
  });
});
