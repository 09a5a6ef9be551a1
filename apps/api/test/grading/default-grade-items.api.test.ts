import {
  AdminCohortResponseSchema,
  CohortGradeLessonsResponseSchema,
  type AdminCourse,
  type CohortGradeLesson,
  UserCourseViewResponseSchema,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, isoIn, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { authorQuiz, setGradeItem } from '../fixtures/grade-item.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Grade items made for the school: linking a course to a cohort, or adding a quiz or project to a
 * linked course, gives each an item (open at the cohort's start, deadline and results at its end,
 * mandatory, weight shared evenly) that staff adjust on the Grade items tab; a student can start
 * the quiz at once; a linked course without any item is flagged on the cohort page.
 */
let t: TestApp;
let admin: TestUser;
let student: TestUser;
let n = 0;

const gradeItems = async (cohort: string): Promise<CohortGradeLesson[]> =>
  CohortGradeLessonsResponseSchema.parse((await t.http.get(`/api/cohorts/admin/${cohort}/grade-items`).set(bearer(admin)).expect(200)).body)
    .data;
const cohortPage = async (cohort: string) =>
  AdminCohortResponseSchema.parse((await t.http.get(`/api/cohorts/admin/${cohort}`).set(bearer(admin)).expect(200)).body).data;
const weights = (items: CohortGradeLesson[]) => items.map((l) => l.grade_item?.grade_percentage);
const total = (items: CohortGradeLesson[]) => Math.round(items.reduce((s, l) => s + (l.grade_item?.grade_percentage ?? 0), 0) * 100) / 100;

async function course(lessons: { title: string; lesson_type: 'QUIZ' | 'PROJECT' | 'VIDEO' | 'READING' }[]) {
  return makeCourse(t, admin, { title: `Default items course ${++n}`, modules: [{ title: 'Work', lessons }] });
}

/** Saves the whole curriculum again with one more lesson at the end of the first module. */
async function addLesson(c: AdminCourse, lesson: { title: string; lesson_type: 'QUIZ' | 'PROJECT' }) {
  const modules = c.modules.map((m, i) => ({
    id_slug: m.id_slug,
    title: m.title,
    order: i,
    lessons: [
      ...m.lessons.map((l, j) => ({ id_slug: l.id_slug, title: l.title, order: j, lesson_type: l.lesson_type })),
      ...(i === 0 ? [{ ...lesson, order: m.lessons.length }] : []),
    ],
  }));
  await t.http.put(`/api/courses/admin/${c.id_slug}/modules/update/`).set(bearer(admin)).send({ modules }).expect(200);
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  student = await createUser(t, { first_name: 'Dina', last_name: 'Default' });
});
afterAll(async () => t?.close());

describe('default grade items', { timeout: 120_000 }, () => {
  it("linking a course gives its quizzes and projects items at the cohort's dates, mandatory, weights shared evenly to 100", async () => {
    const c = await course([
      { title: 'Intro video', lesson_type: 'VIDEO' },
      { title: 'Quiz A', lesson_type: 'QUIZ' },
      { title: 'Quiz B', lesson_type: 'QUIZ' },
      { title: 'Project C', lesson_type: 'PROJECT' },
    ]);
    const cohort = await makeCohort(t, admin, { title: `Default items cohort ${n}`, course_ids: [c.id_slug], start: -2, end: 30 });
    const [row] = await t.ds.query(`SELECT start_date, end_date FROM cohorts WHERE id = $1`, [cohort.id]);
    const items = await gradeItems(cohort.id_slug);
    expect(items.map((l) => l.lesson_title)).toEqual(['Quiz A', 'Quiz B', 'Project C']);
    for (const l of items) {
      expect(l.grade_item).toMatchObject({ is_mandatory: true, is_default: true, late_deadline_datetime: null });
      expect(Date.parse(l.grade_item!.open_datetime!)).toBe(new Date(row.start_date).getTime());
      expect(Date.parse(l.grade_item!.deadline_datetime!)).toBe(new Date(row.end_date).getTime());
      expect(Date.parse(l.grade_item!.result_open_datetime!)).toBe(new Date(row.end_date).getTime());
    }
    expect(weights(items)).toEqual([33.34, 33.33, 33.33]);
    expect(total(items)).toBe(100);
    expect((await cohortPage(cohort.id_slug)).courses_without_grade_items).toEqual([]);

    // A student starts the quiz without anyone touching the Grade items tab.
    const quiz = c.modules[0].lessons.find((l) => l.title === 'Quiz A')!.id_slug;
    await authorQuiz(t, admin, quiz);
    await enrol(t, admin, cohort.id_slug, student);
    await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${quiz}/start/`).set(bearer(student)).expect(200);
    const view = UserCourseViewResponseSchema.parse(
      (await t.http.get(`/api/cohorts/${cohort.id_slug}/courses/${c.id_slug}/user/${student.id_slug}/`).set(bearer(student)).expect(200))
        .body,
    ).data.course_part;
    const project = view.modules[0].lessons.find((l) => l.title === 'Project C')!;
    expect(project.cohort_grade).toMatchObject({ submission_status: 'OPEN', is_mandatory: true });
    expect(Date.parse(project.cohort_grade!.open_datetime!)).toBe(new Date(row.start_date).getTime());
  });

  it('a quiz added to a linked course gets its item and the default weights are shared again; adjusted items keep theirs', async () => {
    const c = await course([
      { title: 'Quiz A', lesson_type: 'QUIZ' },
      { title: 'Project B', lesson_type: 'PROJECT' },
    ]);
    const cohort = await makeCohort(t, admin, { title: `Default items cohort ${n}`, course_ids: [c.id_slug] });
    expect(weights(await gradeItems(cohort.id_slug))).toEqual([50, 50]);

    await addLesson(c, { title: 'Quiz C', lesson_type: 'QUIZ' });
    let items = await gradeItems(cohort.id_slug);
    expect(items.map((l) => [l.lesson_title, l.grade_item?.is_default])).toEqual([
      ['Quiz A', true],
      ['Project B', true],
      ['Quiz C', true],
    ]);
    expect(weights(items)).toEqual([33.34, 33.33, 33.33]);

    // Staff give the project 40% and its own deadline: the two default quizzes share the other 60.
    const project = items[1];
    await setGradeItem(t, admin, cohort.id_slug, project.lesson_id_slug, { deadline_datetime: isoIn(20), grade_percentage: 40 });
    items = await gradeItems(cohort.id_slug);
    expect(items.map((l) => [l.grade_item?.grade_percentage, l.grade_item?.is_default])).toEqual([
      [30, true],
      [40, false],
      [30, true],
    ]);

    // The cohort's dates move: the default items follow, the adjusted one keeps its deadline.
    const before = items[1].grade_item!.deadline_datetime;
    const detail = await cohortPage(cohort.id_slug);
    await t.http
      .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
      .set(bearer(admin))
      .send({ title: detail.title, start_date: isoIn(-5), end_date: isoIn(90), end_access_date: isoIn(120), result_open_date: null })
      .expect(200);
    const [row] = await t.ds.query(`SELECT end_date FROM cohorts WHERE id = $1`, [cohort.id]);
    items = await gradeItems(cohort.id_slug);
    expect(Date.parse(items[0].grade_item!.deadline_datetime!)).toBe(new Date(row.end_date).getTime());
    expect(Date.parse(items[2].grade_item!.deadline_datetime!)).toBe(new Date(row.end_date).getTime());
    expect(items[1].grade_item!.deadline_datetime).toBe(before);
  });

  it('unlinking and linking a course again removes and remakes its items; a course with nothing graded is flagged', async () => {
    const graded = await course([{ title: 'Quiz A', lesson_type: 'QUIZ' }]);
    const reading = await course([{ title: 'Reading only', lesson_type: 'READING' }]);
    const cohort = await makeCohort(t, admin, { title: `Default items cohort ${n}`, course_ids: [graded.id_slug, reading.id_slug] });
    expect((await cohortPage(cohort.id_slug)).courses_without_grade_items).toEqual([
      { id_slug: reading.id_slug, title: reading.title, graded_lessons: 0 },
    ]);
    expect(weights(await gradeItems(cohort.id_slug))).toEqual([100]);

    await t.http.delete(`/api/cohorts/admin/${cohort.id_slug}/courses/${graded.id_slug}`).set(bearer(admin)).expect(200);
    expect(await gradeItems(cohort.id_slug)).toEqual([]);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-course`)
      .set(bearer(admin))
      .send({ course_id_slug: graded.id_slug })
      .expect(201);
    const items = await gradeItems(cohort.id_slug);
    expect(items.map((l) => [l.lesson_title, l.grade_item?.grade_percentage, l.grade_item?.is_default])).toEqual([['Quiz A', 100, true]]);
  });
  it("the cohort's Results open date reaches the default items, never before the cohort's end, and cleared they open at the end", async () => {
    const c = await course([
      { title: 'Quiz R', lesson_type: 'QUIZ' },
      { title: 'Project S', lesson_type: 'PROJECT' },
    ]);
    const cohort = await makeCohort(t, admin, { title: `Default items cohort ${n}`, course_ids: [c.id_slug], start: -2, end: 30 });
    // Staff give the project its own result date: it keeps it whatever the cohort says.
    const own = isoIn(45);
    await setGradeItem(t, admin, cohort.id_slug, c.modules[0].lessons[1].id_slug, {
      deadline_datetime: isoIn(20),
      result_open_datetime: own,
      grade_percentage: 50,
    });
    const dates = { start_date: isoIn(-2), end_date: isoIn(30), end_access_date: isoIn(60) };
    const update = (body: Record<string, unknown>) =>
      t.http
        .patch(`/api/cohorts/admin/${cohort.id_slug}/update`)
        .set(bearer(admin))
        .send({ title: `Default items cohort ${n}`, ...dates, ...body });
    const resultDates = async () => (await gradeItems(cohort.id_slug)).map((l) => Date.parse(l.grade_item!.result_open_datetime!));

    const results = isoIn(33);
    await update({ result_open_date: results }).expect(200);
    expect(await resultDates()).toEqual([Date.parse(results), Date.parse(own)]);

    // A date before the cohort's end cannot pull them before their deadline: they open at the end.
    const end = Date.parse(dates.end_date);
    await update({ result_open_date: isoIn(29) }).expect(200);
    expect(await resultDates()).toEqual([end, Date.parse(own)]);

    await update({ result_open_date: null }).expect(200);
    expect(await resultDates()).toEqual([end, Date.parse(own)]);
  });
});
