import {
  GradeExtensionsResponseSchema,
  GradebookResponseSchema,
  ProjectViewResponseSchema,
  QUIZ_NO_ATTEMPTS_MESSAGE,
  QUIZ_NOT_OPEN_MESSAGE,
  QuizAttemptsResponseSchema,
  RemoveExtensionResponseSchema,
  UserCohortViewResponseSchema,
  UserCourseViewResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuizzesService } from '../../src/modules/quizzes';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import {
  extensionsOf,
  gradedCohort,
  type GradedCohort,
  grantExtension,
  isoHours,
  rightAnswers,
  setGradeItem,
} from '../fixtures/grade-item.fixtures';
import { linkInstructor } from '../fixtures/admin.fixtures';
import { makeZip } from '../fixtures/zip.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Per-student extensions and extra attempts: who may give them, what they refuse, and that every
 * rule reads the student's own dates: the hand-in window and its late mark, quiz start and the
 * attempts allowed, the attempt's deadline and its job, the statuses the student sees.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let c: GradedCohort;
let n = 0;

const zip = () => makeZip([{ name: 'rtl/top.v', data: 'module top; endmodule' }]);
const submitProject = (who: TestUser, g = c) =>
  t.http.post(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project/submission`).set(bearer(who)).attach('file', zip(), 'p.zip');
const projectView = async (who: TestUser, g = c) =>
  ProjectViewResponseSchema.parse(
    (await t.http.get(`/api/cohorts/${g.cohort.id_slug}/lessons/${g.project}/project`).set(bearer(who)).expect(200)).body,
  ).data;
const startQuiz = (who: TestUser, g = c) =>
  t.http.post(`/api/quizzes/cohorts/${g.cohort.id_slug}/lessons/${g.quiz}/start/`).set(bearer(who));
const quizAttempts = async (who: TestUser, g = c) =>
  QuizAttemptsResponseSchema.parse(
    (await t.http.get(`/api/quizzes/cohorts/${g.cohort.id_slug}/lessons/${g.quiz}/attempts/`).set(bearer(who)).expect(200)).body,
  );
/** The quiz's item as the lesson page reads it for this student. */
const lessonItem = async (who: TestUser, g = c) => {
  const res = await t.http.get(`/api/cohorts/${g.cohort.id_slug}/courses/${g.course}/user/${who.id_slug}/`).set(bearer(who)).expect(200);
  const lessons = UserCourseViewResponseSchema.parse(res.body).data.course_part.modules.flatMap((m) => m.lessons);
  return lessons.find((l) => l.id_slug === g.quiz)!.cohort_grade!;
};
const session = (id: string, who: TestUser) => t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(who));
const removeExtension = (id: string, who: TestUser) => t.http.delete(`/api/grading/extensions/${id}`).set(bearer(who));

/** A fresh cohort (so each test has its own dates), the three students enrolled and the teacher linked to it. */
async function freshCohort() {
  const g = await gradedCohort(t, admin, `Extensions ${++n}`, [alice, bob, carol]);
  await linkInstructor(t, admin, g.cohort.id_slug, teacher);
  return g;
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR', first_name: 'Tina', last_name: 'Teach' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  alice = await createUser(t, { first_name: 'Alice', last_name: 'Able' });
  bob = await createUser(t, { first_name: 'Bob', last_name: 'Baker' });
  carol = await createUser(t, { first_name: 'Carol', last_name: 'Cole' });
});
afterAll(async () => t?.close());

// Each test builds its own cohort through the API, as staff would: slow on a busy machine, hence the timeouts.
describe('who may give extensions', { timeout: 120_000 }, () => {
  it("admins and the cohort's instructors list, give and remove them; students get 403 and other instructors 404", async () => {
    c = await freshCohort();
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.project, { deadline_datetime: isoHours(-2), grade_percentage: 50 });
    const body = { user_id_slugs: [alice.id_slug], deadline_datetime: isoHours(24) };
    // A student is refused at the door (a staff call); an instructor of another cohort finds nothing.
    await t.http.get(`/api/grading/items/${item}/extensions`).set(bearer(alice)).expect(403);
    await grantExtension(t, alice, item, body).expect(403);
    await t.http.get(`/api/grading/items/${item}/extensions`).set(bearer(otherTeacher)).expect(404);
    await grantExtension(t, otherTeacher, item, body).expect(404);
    await t.http.get(`/api/grading/items/${item}/extensions`).expect(401);

    const given = await grantExtension(t, teacher, item, { ...body, reason: 'Medical leave' }).expect(201);
    const list = GradeExtensionsResponseSchema.parse(given.body).data;
    expect(list.data).toMatchObject([
      { student: { id_slug: alice.id_slug }, extra_attempts: 0, reason: 'Medical leave', granted_by: 'Tina Teach' },
    ]);
    expect(list.students.map((s) => s.id_slug)).toEqual([alice.id_slug, bob.id_slug, carol.id_slug]);
    const id = list.data[0].id_slug;
    await removeExtension(id, alice).expect(403);
    await removeExtension(id, otherTeacher).expect(404);
    expect((await extensionsOf(t, admin, item)).data).toHaveLength(1);
    RemoveExtensionResponseSchema.parse((await removeExtension(id, admin).expect(200)).body);
    expect((await extensionsOf(t, teacher, item)).data).toEqual([]);
    await removeExtension(id, admin).expect(404);
  });

  it('refuses what is not an extension with a 4xx naming the field', async () => {
    c = await freshCohort();
    const project = await setGradeItem(t, admin, c.cohort.id_slug, c.project, { deadline_datetime: isoHours(10), grade_percentage: 50 });
    const quiz = await setGradeItem(t, admin, c.cohort.id_slug, c.quiz, { grade_percentage: 50 });
    const outsider = await createUser(t);
    const cases: [string, object, number, string][] = [
      [project, { user_id_slugs: [alice.id_slug] }, 422, 'deadline_datetime'],
      [project, { user_id_slugs: [alice.id_slug], deadline_datetime: isoHours(5) }, 422, 'deadline_datetime'],
      [
        project,
        { user_id_slugs: [alice.id_slug], deadline_datetime: isoHours(20), late_deadline_datetime: isoHours(15) },
        422,
        'late_deadline_datetime',
      ],
      [project, { user_id_slugs: [alice.id_slug], extra_attempts: 1 }, 422, 'extra_attempts'],
      [project, { user_id_slugs: [outsider.id_slug], deadline_datetime: isoHours(20) }, 422, 'user_id_slugs'],
      [project, { user_id_slugs: [], deadline_datetime: isoHours(20) }, 400, 'user_id_slugs'],
      [project, { user_id_slugs: [alice.id_slug], deadline_datetime: 'tomorrow' }, 400, 'deadline_datetime'],
      [project, { user_id_slugs: [alice.id_slug], extra_attempts: 50 }, 400, 'extra_attempts'],
      // An item without a deadline has none to extend.
      [quiz, { user_id_slugs: [alice.id_slug], deadline_datetime: isoHours(20) }, 422, 'deadline_datetime'],
    ];
    for (const [item, body, status, field] of cases) {
      const res = await grantExtension(t, admin, item, body);
      expect(res.status, JSON.stringify([body, res.body])).toBe(status);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await extensionsOf(t, admin, project)).data).toEqual([]);
  });
});

describe('projects', { timeout: 120_000 }, () => {
  it('a group extension opens the closed window for those students only, on time; removing one marks that hand-in late again', async () => {
    c = await freshCohort();
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.project, { deadline_datetime: isoHours(-2), grade_percentage: 50 });
    await submitProject(alice).expect(403);
    expect((await projectView(alice)).grade_item).toMatchObject({ can_submit: false, submission_status: 'locked', extension: null });

    const until = isoHours(24);
    await grantExtension(t, teacher, item, { user_id_slugs: [alice.id_slug, bob.id_slug], deadline_datetime: until }).expect(201);
    const view = (await projectView(alice)).grade_item;
    expect(view).toMatchObject({ can_submit: true, submission_status: 'OPEN', submit_is_late: false });
    expect(Date.parse(view.deadline_datetime!)).toBe(Date.parse(until));
    expect(Date.parse(view.extension!.deadline_datetime!)).toBe(Date.parse(until));
    // The Grades tab shows the same deadline and status.
    const tab = UserCohortViewResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${c.cohort.id_slug}/user/${alice.id_slug}/`).set(bearer(alice)).expect(200)).body,
    ).data.user_grades_part.find((g) => g.cohort_grade_info.lesson_id === c.project)!;
    expect(tab.deadline_extended).toBe(true);
    expect(tab.cohort_grade_info.submission_status).toBe('OPEN');
    expect(Date.parse(tab.cohort_grade_info.deadline_datetime!)).toBe(Date.parse(until));

    expect((await submitProject(alice).expect(201)).body.data.submission.is_late).toBe(false);
    const bobs = (await submitProject(bob).expect(201)).body.data.submission;
    expect(bobs.is_late).toBe(false);
    await submitProject(carol).expect(403);
    expect((await projectView(carol)).grade_item.extension).toBeNull();

    const bobsExtension = (await extensionsOf(t, teacher, item)).data.find((x) => x.student.id_slug === bob.id_slug)!;
    await removeExtension(bobsExtension.id_slug, teacher).expect(200);
    expect((await projectView(bob)).submission!.is_late).toBe(true);
    expect((await projectView(alice)).submission!.is_late).toBe(false);
    const book = GradebookResponseSchema.parse(
      (await t.http.get(`/api/grading/cohorts/${c.cohort.id_slug}/gradebook`).set(bearer(teacher)).expect(200)).body,
    ).data;
    const cell = (who: TestUser) => book.students.find((s) => s.id_slug === who.id_slug)!.grades[0];
    expect(cell(alice)).toMatchObject({ state: 'SUBMITTED', is_late: false, extended: true });
    expect(cell(bob)).toMatchObject({ state: 'SUBMITTED', is_late: true, extended: false });
    expect(cell(carol)).toMatchObject({ state: 'locked', extended: false });
  });

  it('a late deadline of its own lets a student hand in late when the item has no late window', async () => {
    c = await freshCohort();
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.project, { deadline_datetime: isoHours(-2), grade_percentage: 50 });
    await grantExtension(t, admin, item, { user_id_slugs: [carol.id_slug], late_deadline_datetime: isoHours(5) }).expect(201);
    expect((await projectView(carol)).grade_item).toMatchObject({ can_submit: true, submit_is_late: true });
    expect((await submitProject(carol).expect(201)).body.data.submission.is_late).toBe(true);
    await submitProject(alice).expect(403);
  });
});

describe('quizzes', { timeout: 120_000 }, () => {
  it('an extension reopens a closed quiz for the student and extra attempts raise their allowance', async () => {
    c = await freshCohort();
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.quiz, { deadline_datetime: isoHours(-1), grade_percentage: 50 });
    expect((await startQuiz(alice).expect(422)).body.message).toBe(QUIZ_NOT_OPEN_MESSAGE);

    const until = isoHours(3);
    await grantExtension(t, teacher, item, { user_id_slugs: [alice.id_slug], deadline_datetime: until, extra_attempts: 1 }).expect(201);
    const before = await quizAttempts(alice);
    expect(before).toMatchObject({ attempts_allowed: 2, attempts_used: 0, start_is_late: false, extension: { extra_attempts: 1 } });
    expect(Date.parse(before.deadline_datetime!)).toBe(Date.parse(until));
    // The lesson page reads the student's own deadline: open for Alice, closed for Bob.
    const [hers, his] = [await lessonItem(alice), await lessonItem(bob)];
    expect(hers.submission_status).toBe('OPEN');
    expect(Date.parse(hers.deadline_datetime!)).toBe(Date.parse(until));
    expect(his.submission_status).toBe('locked');
    expect(Date.parse(his.deadline_datetime!)).toBeLessThan(Date.now());

    for (const attempt of [1, 2]) {
      const id = (await startQuiz(alice).expect(200)).body.session_id_slug as string;
      const open = (await session(id, alice).expect(200)).body.data;
      // Untimed: the attempt runs until the student's deadline, not the item's past one.
      expect(Date.parse(open.deadline_at)).toBe(Date.parse(until));
      expect(open.attempt_number).toBe(attempt);
      await t.http
        .put(`/api/quizzes/sessions/${id}/answers/`)
        .set(bearer(alice))
        .send({ answers: rightAnswers(open.questions) })
        .expect(200);
      await t.http.post(`/api/quizzes/sessions/${id}/submit/`).set(bearer(alice)).expect(200);
    }
    expect((await startQuiz(alice).expect(409)).body.message).toBe(QUIZ_NO_ATTEMPTS_MESSAGE);
    expect((await quizAttempts(alice)).data.map((a) => a.is_late)).toEqual([false, false]);
    // Bob has neither.
    expect((await startQuiz(bob).expect(422)).body.message).toBe(QUIZ_NOT_OPEN_MESSAGE);
    expect((await quizAttempts(bob)).attempts_allowed).toBe(1);
  });

  it('an attempt under way follows an extension: its deadline and its auto-submit job move, and back when removed', async () => {
    c = await freshCohort();
    const itemDeadline = isoHours(1);
    const item = await setGradeItem(t, admin, c.cohort.id_slug, c.quiz, { deadline_datetime: itemDeadline, grade_percentage: 50 });
    const id = (await startQuiz(bob).expect(200)).body.session_id_slug as string;
    expect(Date.parse((await session(id, bob).expect(200)).body.data.deadline_at)).toBe(Date.parse(itemDeadline));

    const until = isoHours(6);
    await grantExtension(t, admin, item, { user_id_slugs: [bob.id_slug], deadline_datetime: until }).expect(201);
    expect(Date.parse((await session(id, bob).expect(200)).body.data.deadline_at)).toBe(Date.parse(until));
    const jobs = async () =>
      (
        await t.ds.query(
          `SELECT start_after FROM ${JOBS_SCHEMA}.job WHERE name = 'quiz-auto-submit' AND data->>'session_id_slug' = $1 ORDER BY start_after`,
          [id],
        )
      ).map((j: { start_after: Date }) => j.start_after.getTime());
    expect(await jobs()).toEqual([Date.parse(itemDeadline), Date.parse(until)]);
    // The job queued at the old deadline leaves the attempt open: the one at the new deadline submits it.
    await t.app.get(QuizzesService).autoSubmit(id);
    expect((await session(id, bob).expect(200)).body.data.status).toBe('OPEN');

    const extension = (await extensionsOf(t, admin, item)).data[0].id_slug;
    await removeExtension(extension, admin).expect(200);
    expect(Date.parse((await session(id, bob).expect(200)).body.data.deadline_at)).toBe(Date.parse(itemDeadline));
  });
});
