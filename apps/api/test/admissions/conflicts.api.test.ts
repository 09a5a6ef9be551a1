import {
  AdmissionDetailResponseSchema,
  ApplicationViewsResponseSchema,
  CONFLICT_NOTE_MESSAGE,
  ConflictsResponseSchema,
  DECLARE_FIRST_MESSAGE,
  DeclarationResponseSchema,
  DeclareResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { validApplication } from '../fixtures/application.fixtures';

/**
 * Conflicts of interest: an assigned reviewer is asked before the application opens (its name shown
 * on that question only); without a declaration the review is refused; a declared conflict ends
 * the assignment, is in the audit log and on the application for admins.
 */
const INTAKE = 'youth-programme-2027';

let t: TestApp;
let admin: TestUser;
let reviewer: TestUser;
let other: TestUser;
let outsider: TestUser;
let student: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  reviewer = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Farid', last_name: 'Osman' });
  other = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Mei', last_name: 'Lin' });
  outsider = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t, { role: 'STUDENT' });
  await t.http
    .put(`/api/admissions/admin/intakes/${INTAKE}/rubric`)
    .set(bearer(admin))
    .send({ criteria: [{ id: 'motivation', title: 'Motivation', weight: 1, levels: ['1', '2', '3', '4', '5'] }] })
    .expect(200);
});
afterAll(async () => t?.close());

let seq = 0;
async function assigned(full_name: string, reviewers: TestUser[]) {
  const email = `conflict-${++seq}-${Date.now()}@apply.test`;
  await t.http.post('/api/sheet/submit-form/').send(validApplication({ email, full_name })).expect(201);
  const [row] = await t.ds.query(`SELECT id_slug FROM programme_applications WHERE email = $1`, [email]);
  const id = row.id_slug as string;
  await t.http
    .post(`/api/admissions/admin/applications/${id}/screening`)
    .set(bearer(admin))
    .send({ eligible: true, reason: '' })
    .expect(200);
  await assign(id, reviewers);
  return id;
}
const assign = (id: string, reviewers: TestUser[]) =>
  t.http
    .post('/api/admissions/admin/assignments')
    .set(bearer(admin))
    .send({ application_ids: [id], reviewer_ids: reviewers.map((r) => r.id_slug) })
    .expect(200);
const question = (u: TestUser, id: string) => t.http.get(`/api/admissions/review/applications/${id}/declaration`).set(bearer(u));
const declare = (u: TestUser, id: string, body: Record<string, unknown>) =>
  t.http.post(`/api/admissions/review/applications/${id}/declaration`).set(bearer(u)).send(body);
const detail = (u: TestUser, id: string) => t.http.get(`/api/admissions/applications/${id}`).set(bearer(u));
const myScore = (u: TestUser, id: string) => t.http.get(`/api/admissions/review/applications/${id}/score`).set(bearer(u));
const score = (u: TestUser, id: string) =>
  t.http
    .put(`/api/admissions/review/applications/${id}/score`)
    .set(bearer(u))
    .send({ scores: { motivation: 4 }, comment: '' });

describe('declaring before reviewing', () => {
  it('refuses the review until the reviewer declares no conflict, then opens it', async () => {
    const id = await assigned('Siti Aminah', [reviewer]);
    for (const res of [await detail(reviewer, id), await myScore(reviewer, id), await score(reviewer, id)]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(DECLARE_FIRST_MESSAGE);
    }
    const q = DeclarationResponseSchema.parse((await question(reviewer, id).expect(200)).body).data;
    expect(q).toEqual({ applicant_name: 'Siti Aminah', declared: false });
    expect(DeclareResponseSchema.parse((await declare(reviewer, id, { conflict: false }).expect(200)).body).data).toEqual({
      conflict: false,
      assigned: true,
    });
    expect(DeclarationResponseSchema.parse((await question(reviewer, id).expect(200)).body).data.declared).toBe(true);
    AdmissionDetailResponseSchema.parse((await detail(reviewer, id).expect(200)).body);
    await score(reviewer, id).expect(200);
    // An admin reads it whole without declaring anything.
    await detail(admin, id).expect(200);
  });

  it('a declared conflict removes the assignment, is in the audit log and shown to admins', async () => {
    const id = await assigned('Tan Wei Ming', [reviewer, other]);
    expect(DeclarationResponseSchema.parse((await question(other, id).expect(200)).body).data.applicant_name).toBe('Tan Wei Ming');
    const missing = await declare(other, id, { conflict: true }).expect(400);
    expect(missing.body.errors.note).toBe(CONFLICT_NOTE_MESSAGE);
    expect(
      DeclareResponseSchema.parse((await declare(other, id, { conflict: true, note: 'He is my cousin' }).expect(200)).body).data,
    ).toEqual({
      conflict: true,
      assigned: false,
    });
    await detail(other, id).expect(404);
    await question(other, id).expect(404);
    const reviewers = AdmissionDetailResponseSchema.parse((await detail(admin, id).expect(200)).body).data.reviewers!;
    expect(reviewers.map((r) => r.first_name)).toEqual(['Farid']);
    const conflicts = ConflictsResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${id}/conflicts`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ staff: { first_name: 'Mei', last_name: 'Lin' }, assignment: 'review', note: 'He is my cousin' });
    const views = ApplicationViewsResponseSchema.parse(
      (await t.http.get(`/api/admissions/admin/applications/${id}/views`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(views.filter((v) => v.viewer?.first_name === 'Mei').map((v) => v.call)).toEqual(
      expect.arrayContaining(['admissionsConflictDeclared', 'admissionsReviewDeclaration']),
    );
    // Assigned again later: the earlier declaration does not count, the question is asked again.
    await assign(id, [other]);
    expect(DeclarationResponseSchema.parse((await question(other, id).expect(200)).body).data.declared).toBe(false);
    await detail(other, id).expect(403);
  });

  it('answers only the assigned reviewer; conflicts are for admins', async () => {
    const id = await assigned('Ravi Kumar', [reviewer]);
    await question(outsider, id).expect(404);
    await declare(outsider, id, { conflict: false }).expect(404);
    await question(student, id).expect(403);
    await declare(student, id, { conflict: false }).expect(403);
    await question(reviewer, '0123456789abcdef0123456789abcdef').expect(404);
    await t.http.get(`/api/admissions/admin/applications/${id}/conflicts`).set(bearer(reviewer)).expect(403);
    await t.http.get(`/api/admissions/admin/applications/${id}/conflicts`).set(bearer(student)).expect(403);
    await t.http.get(`/api/admissions/admin/applications/${id}/conflicts`).expect(401);
    // The outsider's tries left no declaration: the assigned reviewer still has to declare.
    await detail(reviewer, id).expect(403);
  });
});
