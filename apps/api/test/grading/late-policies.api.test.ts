import { GradebookResponseSchema, ProjectViewResponseSchema, UserCohortViewResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkNewCertificate } from '../fixtures/admin.fixtures';
import { gradedCohort, type GradedCohort, grantExtension, isoHours, rightAnswers, setGradeItem } from '../fixtures/grade-item.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Late policies: a late grade loses the item's points per day late (a started day counts) or is
 * capped; nothing before the deadline; an extension moves the deadline it counts from. The
 * gradebook, the weighted totals, the student's result and the certificate rules all weigh the
 * charged grade, with the computed one kept beside it.
 */
let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let n = 0;

const zip = () => makeZip([{ name: 'rtl/top.v', data: 'module top; endmodule' }]);
const submitProject = async (who: TestUser, g: GradedCohort) =>
  (
    await t.http
      .post(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project/submission`)
      .set(bearer(who))
      .attach('file', zip(), 'p.zip')
      .expect(201)
  ).body.data.submission.id_slug as string;
const projectView = async (who: TestUser, g: GradedCohort) =>
  ProjectViewResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project`).set(bearer(who)).expect(200)).body,
  ).data;
const grade = (submission: string, userGrade: number) =>
  t.http.put(`/api/grading/submissions/${submission}/grade`).set(bearer(admin)).send({ user_grade: userGrade }).expect(200);
const gradebook = async (g: GradedCohort) =>
  GradebookResponseSchema.parse(
    (await t.http.get(`/api/grading/cohorts/${g.cohort.id_slug}/gradebook`).set(bearer(admin)).expect(200)).body,
  ).data;
const row = (book: Awaited<ReturnType<typeof gradebook>>, who: TestUser) => book.students.find((s) => s.id_slug === who.id_slug)!;

/** A cohort whose project is weighted 100 (the quiz 0), with the given dates and policy on the project. */
async function cohortWithProject(project: Record<string, unknown>) {
  const g = await gradedCohort(t, admin, `Late work ${++n}`, [alice, bob]);
  const item = await setGradeItem(t, admin, g.cohort.id_slug, g.project, { grade_percentage: 100, ...project });
  await setGradeItem(t, admin, g.cohort.id_slug, g.quiz, { grade_percentage: 0, is_mandatory: false });
  return { g, item };
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  alice = await createUser(t, { first_name: 'Alice', last_name: 'Able' });
  bob = await createUser(t, { first_name: 'Bob', last_name: 'Baker' });
});
afterAll(async () => t?.close());

// Each test builds its own cohort through the API, as staff would: slow on a busy machine, hence the timeouts.
describe('penalty per day', { timeout: 120_000 }, () => {
  it('charges each started day late, tells the student before handing in, and keeps the computed grade beside the charged one', async () => {
    // 50 hours past the deadline: 3 started days.
    const { g } = await cohortWithProject({
      deadline_datetime: isoHours(-50),
      late_deadline_datetime: isoHours(24),
      late_penalty_per_day: 10,
    });
    const before = (await projectView(alice, g)).grade_item;
    expect(before).toMatchObject({
      can_submit: true,
      submit_is_late: true,
      late_policy: { late_penalty_per_day: 10, late_score_cap: null },
    });
    await grade(await submitProject(alice, g), 80);

    const book = await gradebook(g);
    expect(book.items[0]).toMatchObject({ late_penalty_per_day: 10, late_score_cap: null });
    expect(row(book, alice).grades[0]).toMatchObject({ user_grade: 50, original_grade: 80, days_late: 3, is_late: true });
    expect(row(book, alice).weighted_total).toBe(50);

    const result = (await projectView(alice, g)).result!;
    expect(result).toMatchObject({ user_grade: 50, original_grade: 80, days_late: 3 });
    const tab = UserCohortViewResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${g.cohort.id_slug}/user/${alice.id_slug}/`).set(bearer(alice)).expect(200)).body,
    ).data;
    const item = tab.user_grades_part.find((x) => x.cohort_grade_info.lesson_id === g.project)!;
    expect(item).toMatchObject({ user_grade: 50, original_grade: 80 });
    expect(tab.user_cohort_part.weighted_total).toBe(50);

    const csv = (await t.http.get(`/api/grading/cohorts/${g.cohort.id_slug}/gradebook/export`).set(bearer(admin)).expect(200)).text;
    expect(csv.split('\r\n')[0]).toContain(`"Late work ${n} project before late penalty"`);
  });

  it('never takes a grade below 0', async () => {
    const { g } = await cohortWithProject({
      deadline_datetime: isoHours(-50),
      late_deadline_datetime: isoHours(24),
      late_penalty_per_day: 40,
    });
    await grade(await submitProject(bob, g), 70);
    expect(row(await gradebook(g), bob).grades[0]).toMatchObject({ user_grade: 0, original_grade: 70, days_late: 3 });
  });

  it('charges nothing for work handed in before the deadline', async () => {
    const { g } = await cohortWithProject({ deadline_datetime: isoHours(24), late_penalty_per_day: 10, late_score_cap: 50 });
    expect((await projectView(alice, g)).grade_item.submit_is_late).toBe(false);
    await grade(await submitProject(alice, g), 80);
    expect(row(await gradebook(g), alice).grades[0]).toMatchObject({ user_grade: 80, original_grade: 80, days_late: 0, is_late: false });
  });

  it('counts from the deadline an extension gave the student', async () => {
    const { g, item } = await cohortWithProject({
      deadline_datetime: isoHours(-50),
      late_deadline_datetime: isoHours(24),
      late_penalty_per_day: 10,
    });
    // Alice's deadline moved to 10 hours ago: one started day late. Bob's to tomorrow: on time.
    await grantExtension(t, admin, item, { user_id_slugs: [alice.id_slug], deadline_datetime: isoHours(-10) }).expect(201);
    await grantExtension(t, admin, item, { user_id_slugs: [bob.id_slug], deadline_datetime: isoHours(24) }).expect(201);
    expect((await projectView(bob, g)).grade_item.submit_is_late).toBe(false);
    await grade(await submitProject(alice, g), 80);
    await grade(await submitProject(bob, g), 80);
    const book = await gradebook(g);
    expect(row(book, alice).grades[0]).toMatchObject({ user_grade: 70, original_grade: 80, days_late: 1, extended: true });
    expect(row(book, bob).grades[0]).toMatchObject({ user_grade: 80, days_late: 0, is_late: false, extended: true });
  });
});

describe('cap', { timeout: 120_000 }, () => {
  it('bounds a late grade and leaves a lower one as it is; the certificate rules weigh the capped grade', async () => {
    const { g } = await cohortWithProject({ deadline_datetime: isoHours(-5), late_deadline_datetime: isoHours(24), late_score_cap: 60 });
    await linkNewCertificate(t, admin, g.cohort.id_slug, `Late work certificate ${n}`);
    expect((await projectView(alice, g)).grade_item.late_policy).toEqual({ late_penalty_per_day: null, late_score_cap: 60 });
    await grade(await submitProject(alice, g), 90);
    await grade(await submitProject(bob, g), 40);
    const book = await gradebook(g);
    expect(row(book, alice).grades[0]).toMatchObject({ user_grade: 60, original_grade: 90, days_late: 1 });
    expect(row(book, bob).grades[0]).toMatchObject({ user_grade: 40, original_grade: 40 });
    const tab = UserCohortViewResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${g.cohort.id_slug}/user/${alice.id_slug}/`).set(bearer(alice)).expect(200)).body,
    ).data;
    expect(tab.certificates_part[0].requirements).toMatchObject({ weighted_total: 60 });
  });
});

describe('quizzes', { timeout: 120_000 }, () => {
  it('charge an attempt by its own submission time', async () => {
    const g = await gradedCohort(t, admin, `Late quiz ${++n}`, [alice]);
    // 30 hours late at 20 points a day: 2 started days.
    await setGradeItem(t, admin, g.cohort.id_slug, g.quiz, {
      deadline_datetime: isoHours(-30),
      late_deadline_datetime: isoHours(24),
      late_penalty_per_day: 20,
      grade_percentage: 100,
    });
    const attempts = (
      await t.http.get(`/api/quizzes/cohorts/${g.cohort.id_slug}/lessons/${g.quiz}/attempts/`).set(bearer(alice)).expect(200)
    ).body;
    expect(attempts).toMatchObject({ start_is_late: true, late_policy: { late_penalty_per_day: 20 } });
    const id = (await t.http.post(`/api/quizzes/cohorts/${g.cohort.id_slug}/lessons/${g.quiz}/start/`).set(bearer(alice)).expect(200)).body
      .session_id_slug;
    const open = (await t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(alice)).expect(200)).body.data;
    await t.http
      .put(`/api/quizzes/sessions/${id}/answers/`)
      .set(bearer(alice))
      .send({ answers: rightAnswers(open.questions) })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${id}/submit/`).set(bearer(alice)).expect(200);
    // The quiz is the cohort's only grade item.
    const cell = row(await gradebook(g), alice).grades[0];
    expect([cell.user_grade, cell.original_grade, cell.days_late, cell.is_late]).toEqual([60, 100, 2, true]);
  });
});
