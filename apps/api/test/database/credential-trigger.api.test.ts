import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkNewCertificate, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * The database's own guarantee (migration 1764000002600-certificate-issuing): a user_certificates row
 * that is COMPLETED gets a credential whoever writes it, the product's calls or anything else (an
 * import, a hand repair). Writing the row directly IS what is tested here, so these tests do it in SQL;
 * what comes before (course, cohort, student, certificate) is made through the admin calls.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

let n = 0;
/** A cohort with a certificate linked and a student enrolled, through the admin calls. */
async function cohortWithCertificate(student: TestUser) {
  const title = `Credential trigger ${++n}`;
  const course = await makeCourse(t, admin, { title, modules: [{ title: 'M', lessons: [{ title: `${title} quiz` }] }] });
  const cohort = await makeCohort(t, admin, { title: `${title} cohort`, course_ids: [course.id_slug] });
  await enrol(t, admin, cohort.id_slug, student);
  const cert = await linkNewCertificate(t, admin, cohort.id_slug, `${title} certificate`);
  return { cohort, cert };
}

const verify = (credentialId: string) => t.http.get(`/api/certificates/verify/${credentialId}`).expect(200);

describe('a certificate completed by any writer gets a verifiable credential', () => {
  it('when the row is inserted completed', async () => {
    const u = await createUser(t, { first_name: 'Imported', last_name: 'Graduate' });
    const { cohort, cert } = await cohortWithCertificate(u);
    const [row] = await t.ds.query(
      `INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress, completion_date)
       SELECT id, $2, $3, 'COMPLETED', '2026-01-05T10:00:00Z' FROM certificates WHERE id_slug = $1 RETURNING credential_id`,
      [cert, cohort.id, u.id],
    );
    expect(row.credential_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await verify(row.credential_id)).body).toMatchObject({
      status: 'VALID',
      holder_name: 'Imported Graduate',
      issued_at: '2026-01-05T10:00:00.000Z',
    });
  });

  it('when a row in progress is changed to completed, and not before', async () => {
    const u = await createUser(t, { first_name: 'Repaired', last_name: 'Record' });
    const { cohort, cert } = await cohortWithCertificate(u);
    const [started] = await t.ds.query(
      `INSERT INTO user_certificates (certificate_id, cohort_id, user_id, progress)
       SELECT id, $2, $3, 'IN_PROGRESS' FROM certificates WHERE id_slug = $1 RETURNING id, credential_id`,
      [cert, cohort.id, u.id],
    );
    expect(started.credential_id).toBeNull();
    const [[done]] = await t.ds.query(
      `UPDATE user_certificates SET progress = 'COMPLETED', completion_date = '2026-02-07T08:30:00Z' WHERE id = $1 RETURNING credential_id`,
      [started.id],
    );
    expect(done.credential_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await verify(done.credential_id)).body).toMatchObject({
      status: 'VALID',
      holder_name: 'Repaired Record',
      issued_at: '2026-02-07T08:30:00.000Z',
    });
  });
});
