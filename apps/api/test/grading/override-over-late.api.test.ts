import {
  GradebookResponseSchema,
  GradeOverrideLogResponseSchema,
  ProjectViewResponseSchema,
  QuizAttemptResponseSchema,
  UserCohortViewResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CertificatesService } from '../../src/modules/certificates/certificates.service';
import { linkInstructor, linkNewCertificate } from '../fixtures/admin.fixtures';
import { gradedCohort, type GradedCohort, isoHours, rightAnswers, setGradeItem } from '../fixtures/grade-item.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A grade set by hand wins over a late penalty wherever the grade shows: the gradebook (screen data
 * and CSV), the certificate rules (and so the certificates issued), the student's Grades tab, project
 * result and quiz result. The computed grade stays visible to staff before and after the penalty, in
 * the gradebook and in the override log.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let g: GradedCohort;
let projectItem: string;
let cert: string;

const REASON = 'Upload failed twice; the work was shown on time';
const zip = () => makeZip([{ name: 'rtl/top.v', data: 'module top; endmodule' }]);
const override = (item: string, who: TestUser, body: Record<string, unknown>) =>
  t.http.put(`/api/grading/items/${item}/students/${who.id_slug}/override`).set(bearer(teacher)).send(body).expect(200);
const gradebook = async (c: GradedCohort) =>
  GradebookResponseSchema.parse(
    (await t.http.get(`/api/grading/cohorts/${c.cohort.id_slug}/gradebook`).set(bearer(teacher)).expect(200)).body,
  ).data;
const rowOf = (book: Awaited<ReturnType<typeof gradebook>>, who: TestUser) => book.students.find((s) => s.id_slug === who.id_slug)!;
const cohortView = async (who: TestUser, c: GradedCohort = g) =>
  UserCohortViewResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${c.cohort.id_slug}/user/${who.id_slug}/`).set(bearer(who)).expect(200)).body,
  ).data;
const projectResult = async (who: TestUser) =>
  ProjectViewResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project`).set(bearer(who)).expect(200)).body,
  ).data.result;
/** The gradebook CSV as rows of cells (every cell is quoted). */
const csvRows = async () => {
  const text = (await t.http.get(`/api/grading/cohorts/${g.cohort.id_slug}/gradebook/export`).set(bearer(teacher)).expect(200)).text;
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));
};
/** The certificates job's work, played now. */
const issue = () => t.app.get(CertificatesService).issueEarned(g.cohort.id);

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Tina', last_name: 'Teo' });
  alice = await createUser(t, { first_name: 'Alice', last_name: 'Able' });
  bob = await createUser(t, { first_name: 'Bob', last_name: 'Baker' });
  g = await gradedCohort(t, admin, 'Override late', [alice, bob]);
  await linkInstructor(t, admin, g.cohort.id_slug, teacher);
  // The project carries all the weight; handed in 50 hours late at 10 points a day: 3 started days.
  projectItem = await setGradeItem(t, admin, g.cohort.id_slug, g.project, {
    grade_percentage: 100,
    is_mandatory: true,
    deadline_datetime: isoHours(-50),
    late_deadline_datetime: isoHours(24),
    late_penalty_per_day: 10,
  });
  await setGradeItem(t, admin, g.cohort.id_slug, g.quiz, { grade_percentage: 0, is_mandatory: false });
  cert = await linkNewCertificate(t, admin, g.cohort.id_slug, 'Override late certificate');
  // A certificate for a weighted total of 85: the late-penalised 50 misses it, the grade set by hand reaches it.
  await t.http
    .put(`/api/cohorts/admin/${g.cohort.id_slug}/certificates/${cert}/rules`)
    .set(bearer(admin))
    .send({ min_lessons_percent: 0, require_mandatory_graded: true, min_weighted_total: 85 })
    .expect(200);
  const handedIn = await t.http
    .post(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project/submission`)
    .set(bearer(alice))
    .attach('file', zip(), 'p.zip')
    .expect(201);
  await t.http
    .put(`/api/grading/submissions/${handedIn.body.data.submission.id_slug}/grade`)
    .set(bearer(teacher))
    .send({ user_grade: 80 })
    .expect(200);
});
afterAll(async () => t?.close());

describe('a grade set by hand over a late penalty', { timeout: 180_000 }, () => {
  it('before the override: the penalised grade counts and misses the certificate', async () => {
    expect(rowOf(await gradebook(g), alice)).toMatchObject({ weighted_total: 50, grades: [{ user_grade: 50, original_grade: 80 }, {}] });
    await issue();
    const view = await cohortView(alice);
    expect(view.certificates_part[0]).toMatchObject({ user_certificate: null, requirements: { weighted_total: 50 } });
  });

  it('counts in the gradebook, with the computed grade before and after the penalty still shown', async () => {
    await override(projectItem, alice, { grade: 90, reason: REASON });
    // Bob handed nothing in: the grade set by hand is his grade for the item.
    await override(projectItem, bob, { grade: 88, reason: 'Project defended in person' });
    const book = await gradebook(g);
    expect(rowOf(book, alice)).toMatchObject({ weighted_total: 90, missing_mandatory: 0 });
    expect(rowOf(book, alice).grades[0]).toMatchObject({
      user_grade: 50,
      original_grade: 80,
      days_late: 3,
      is_late: true,
      override: { grade: 90, reason: REASON, changed_by: 'Tina Teo' },
    });
    expect(rowOf(book, bob)).toMatchObject({
      weighted_total: 88,
      missing_mandatory: 0,
      grades: [{ user_grade: null, override: { grade: 88 } }, {}],
    });
  });

  it('logs the computed grade before and after the late penalty with the change', async () => {
    const log = GradeOverrideLogResponseSchema.parse(
      (await t.http.get(`/api/grading/cohorts/${g.cohort.id_slug}/grade-overrides`).set(bearer(teacher)).expect(200)).body,
    ).data;
    expect(log.find((e) => e.student.id_slug === alice.id_slug)).toMatchObject({
      previous_grade: null,
      grade: 90,
      computed_grade: 80,
      penalised_grade: 50,
      reason: REASON,
    });
    expect(log.find((e) => e.student.id_slug === bob.id_slug)).toMatchObject({ grade: 88, computed_grade: null, penalised_grade: null });
  });

  it('counts in the CSV export, the computed grades beside it', async () => {
    const [header, ...rows] = await csvRows();
    const at = (name: string) => header.indexOf(name);
    const row = rows.find((r) => r.includes(alice.email))!;
    expect(row[at('Override late project (100%, mandatory)')]).toBe('90');
    expect(row[at('Override late project before late penalty')]).toBe('80');
    expect(row[at('Weighted total')]).toBe('90');
    expect(row[at('Grades set by hand')]).toBe(`Override late project: 90 (computed 80, 50 after the late penalty; ${REASON})`);
    const bobRow = rows.find((r) => r.includes(bob.email))!;
    expect(bobRow[at('Weighted total')]).toBe('88');
    expect(bobRow[at('Grades set by hand')]).toBe('Override late project: 88 (computed none; Project defended in person)');
  });

  it('counts in the certificate rules: the certificate is issued and the student sees it', async () => {
    await issue();
    for (const [who, total] of [
      [alice, 90],
      [bob, 88],
    ] as const) {
      const view = await cohortView(who);
      expect(view.certificates_part[0].requirements).toMatchObject({ weighted_total: total, missing_mandatory: 0 });
      expect(view.certificates_part[0].user_certificate).not.toBeNull();
    }
  });

  it('is the grade on the student’s Grades tab and project result, said to be set by the instructor', async () => {
    const view = await cohortView(alice);
    const item = view.user_grades_part.find((x) => x.cohort_grade_info.lesson_id === g.project)!;
    expect(item).toMatchObject({ user_grade: 90, set_by_hand: true, original_grade: null, user_submission_status: 'GRADED' });
    expect(view.user_cohort_part.weighted_total).toBe(90);
    expect(await projectResult(alice)).toMatchObject({ user_grade: 90, set_by_hand: true, original_grade: null });

    const bobs = (await cohortView(bob)).user_grades_part.find((x) => x.cohort_grade_info.lesson_id === g.project)!;
    expect(bobs).toMatchObject({ user_grade: 88, set_by_hand: true, user_submission_status: 'GRADED' });
    expect(await projectResult(bob)).toMatchObject({ user_grade: 88, set_by_hand: true });
  });

  it('once cleared, the late-penalised grade counts again everywhere', async () => {
    await override(projectItem, alice, { grade: null, reason: 'Appeal withdrawn' });
    expect(rowOf(await gradebook(g), alice)).toMatchObject({ weighted_total: 50, grades: [{ user_grade: 50, override: null }, {}] });
    const view = await cohortView(alice);
    expect(view.user_grades_part.find((x) => x.cohort_grade_info.lesson_id === g.project)).toMatchObject({
      user_grade: 50,
      set_by_hand: false,
      original_grade: 80,
    });
    expect(view.certificates_part[0].requirements).toMatchObject({ weighted_total: 50 });
    expect(await projectResult(alice)).toMatchObject({ user_grade: 50, set_by_hand: false, original_grade: 80 });
  });
});

describe('a grade set by hand over a late quiz', { timeout: 180_000 }, () => {
  it('shows on the quiz result page as the grade that counts, in place of the penalised one', async () => {
    const q = await gradedCohort(t, admin, 'Override quiz', [alice]);
    await linkInstructor(t, admin, q.cohort.id_slug, teacher);
    // 30 hours late at 20 points a day: 2 started days.
    const item = await setGradeItem(t, admin, q.cohort.id_slug, q.quiz, {
      deadline_datetime: isoHours(-30),
      late_deadline_datetime: isoHours(24),
      late_penalty_per_day: 20,
      grade_percentage: 100,
    });
    const id = (await t.http.post(`/api/quizzes/cohorts/${q.cohort.id_slug}/lessons/${q.quiz}/start/`).set(bearer(alice)).expect(200)).body
      .session_id_slug;
    const open = (await t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(alice)).expect(200)).body.data;
    await t.http
      .put(`/api/quizzes/sessions/${id}/answers/`)
      .set(bearer(alice))
      .send({ answers: rightAnswers(open.questions) })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${id}/submit/`).set(bearer(alice)).expect(200);
    const attempt = async () =>
      QuizAttemptResponseSchema.parse((await t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(alice)).expect(200)).body).data;
    expect(await attempt()).toMatchObject({ percentage: 100, item_grade: { grade: 60, set_by_hand: false, before_late_penalty: 100 } });

    await override(item, alice, { grade: 95, reason: 'Oral re-sit' });
    expect(await attempt()).toMatchObject({ percentage: 100, item_grade: { grade: 95, set_by_hand: true, before_late_penalty: null } });
    expect(rowOf(await gradebook(q), alice)).toMatchObject({
      weighted_total: 95,
      // The course's other graded lesson has its default item beside this one.
      grades: expect.arrayContaining([
        expect.objectContaining({ user_grade: 60, original_grade: 100, override: expect.objectContaining({ grade: 95 }) }),
      ]),
    });
    const tab = (await cohortView(alice, q)).user_grades_part.find((x) => x.cohort_grade_info.lesson_id === q.quiz)!;
    expect(tab).toMatchObject({ user_grade: 95, set_by_hand: true });
  });
});
