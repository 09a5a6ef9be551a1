import { completionPercentage } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';
import { enrol, makeCohort, makeCourse } from '../fixtures/admin.fixtures';

/**
 * Every completion figure an admin sees (the cohort's students, the cohort's first page, the
 * school-wide student list) equals the learner's own view, whatever order writes arrive in and
 * whatever happens to the curriculum.
 */
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

/** The learner's own figure: lessons completed out of every lesson of the class, from the cohort view. */
async function learnerFigure(cohortSlug: string, s: TestUser): Promise<number> {
  const res = await t.http.get(`/api/cohorts/${cohortSlug}/user/${s.id_slug}/`).set(bearer(s));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const total = res.body.data.courses_part.reduce((n: number, c: { total_lessons: number }) => n + c.total_lessons, 0);
  return completionPercentage(res.body.data.user_cohort_part.completed_lessons_ids.length, total);
}

/** The figures of the admin screens, by student id_slug. */
async function adminFigures(cohortSlug: string): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  const add = (rows: { id_slug: string; completion_percentage: number }[]) => {
    for (const r of rows) (out[r.id_slug] ??= []).push(r.completion_percentage);
  };
  const students = await t.http.get(`/api/cohorts/admin/${cohortSlug}/students`).set(bearer(admin)).expect(200);
  add(students.body.data);
  const detail = await t.http.get(`/api/cohorts/admin/${cohortSlug}`).set(bearer(admin)).expect(200);
  add(detail.body.data.students);
  const school = await t.http.get(`/api/auth/admin/students/list?cohort_id_slug=${cohortSlug}`).set(bearer(admin)).expect(200);
  add(school.body.data);
  return out;
}

async function expectFiguresAgree(cohortSlug: string, students: TestUser[], context: string) {
  const figures = await adminFigures(cohortSlug);
  for (const s of students) {
    const own = await learnerFigure(cohortSlug, s);
    expect(figures[s.id_slug], `${context}: ${s.email}`).toEqual([own, own, own]);
  }
}

const markComplete = (cohortSlug: string, s: TestUser, lessonSlug: string) =>
  t.http
    .patch(`/api/cohorts/admin/${cohortSlug}/mark-lesson-complete`)
    .set(bearer(s))
    .send({ user_id_slug: s.id_slug, lesson_id_slug: lessonSlug });

const lessonSlugs = (course: { modules: { lessons: { id_slug: string }[] }[] }) =>
  course.modules.flatMap((m) => m.lessons.map((l) => l.id_slug));

describe('completion under concurrent marking', () => {
  it('a student marking twelve lessons at once ends at 100%, in each of 20 trials', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Twelve lessons',
      modules: [
        { title: 'M1', lessons: Array.from({ length: 6 }, (_, i) => ({ title: `A${i}`, lesson_type: 'READING' as const })) },
        { title: 'M2', lessons: Array.from({ length: 6 }, (_, i) => ({ title: `B${i}`, lesson_type: 'READING' as const })) },
      ],
    });
    const lessons = lessonSlugs(course);
    const wrong: string[] = [];
    for (let trial = 0; trial < 20; trial++) {
      const cohort = await makeCohort(t, admin, { title: `Race ${trial}`, course_ids: [course.id_slug] });
      const s = await createUser(t);
      await enrol(t, admin, cohort.id_slug, s);
      const answers = await Promise.all(lessons.map((l) => markComplete(cohort.id_slug, s, l)));
      expect(answers.map((a) => a.status)).toEqual(lessons.map(() => 200));
      const figures = await adminFigures(cohort.id_slug);
      const own = await learnerFigure(cohort.id_slug, s);
      expect(own).toBe(100);
      if (figures[s.id_slug].some((f) => f !== own)) wrong.push(`trial ${trial}: ${figures[s.id_slug].join(', ')}`);
    }
    expect(wrong).toEqual([]);
    // Twenty cohorts of twelve simultaneous requests: most of a minute on a busy two-core machine.
  }, 180_000);
});

describe('completion after curriculum changes', () => {
  it('linking a course to a cohort whose student completed nothing leaves them at 0%, not 100%', async () => {
    const first = await makeCourse(t, admin, { title: 'First', modules: [{ title: 'M', lessons: [{ title: 'F1' }] }] });
    const second = await makeCourse(t, admin, { title: 'Second', modules: [{ title: 'M', lessons: [{ title: 'S1' }, { title: 'S2' }] }] });
    const cohort = await makeCohort(t, admin, { title: 'Link', course_ids: [first.id_slug] });
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    await t.http
      .post(`/api/cohorts/admin/${cohort.id_slug}/add-course`)
      .set(bearer(admin))
      .send({ course_id_slug: second.id_slug })
      .expect(201);
    const students = await t.http.get(`/api/cohorts/admin/${cohort.id_slug}/students`).set(bearer(admin)).expect(200);
    expect(students.body.data.map((r: { completion_percentage: number }) => r.completion_percentage)).toEqual([0]);
    await expectFiguresAgree(cohort.id_slug, [s], 'after linking');
  });

  it('random curriculum edits (link, add and delete lessons) and completions keep every figure equal to the learner view', async () => {
    // A small seeded generator, so a failure names a sequence that can be replayed.
    let seed = 20_251_122;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const courses = await Promise.all(
      ['P', 'Q', 'R'].map((title) =>
        makeCourse(t, admin, {
          title,
          modules: [
            {
              title: `${title} module`,
              lessons: [
                { title: `${title}1`, lesson_type: 'READING' },
                { title: `${title}2`, lesson_type: 'READING' },
              ],
            },
          ],
        }),
      ),
    );
    const linked = new Set([courses[0].id_slug]);
    const cohort = await makeCohort(t, admin, { title: 'Property', course_ids: [courses[0].id_slug] });
    const students = [await createUser(t), await createUser(t), await createUser(t)];
    for (const s of students) await enrol(t, admin, cohort.id_slug, s);

    const curriculum = async (slug: string) => (await t.http.get(`/api/courses/admin/${slug}`).set(bearer(admin)).expect(200)).body.data;
    const saveModules = (slug: string, modules: { id_slug?: string; title: string; lessons: { id_slug?: string; title: string }[] }[]) =>
      t.http
        .put(`/api/courses/admin/${slug}/modules/update/`)
        .set(bearer(admin))
        .send({
          modules: modules.map((m, i) => ({
            ...(m.id_slug ? { id_slug: m.id_slug } : {}),
            title: m.title,
            order: i,
            lessons: m.lessons.map((l, j) => ({
              ...(l.id_slug ? { id_slug: l.id_slug } : {}),
              title: l.title,
              order: j,
              lesson_type: 'READING',
            })),
          })),
        })
        .expect(200);

    const steps: string[] = [];
    for (let step = 0; step < 30; step++) {
      const op = random(5);
      const course = courses[random(courses.length)];
      if (op === 0 && !linked.has(course.id_slug)) {
        steps.push(`link ${course.title}`);
        await t.http
          .post(`/api/cohorts/admin/${cohort.id_slug}/add-course`)
          .set(bearer(admin))
          .send({ course_id_slug: course.id_slug })
          .expect(201);
        linked.add(course.id_slug);
      } else if (op === 1) {
        const current = await curriculum(course.id_slug);
        const added = 1 + random(3);
        steps.push(`add ${added} lessons to ${course.title}`);
        const modules = current.modules.map((m: { id_slug: string; title: string; lessons: { id_slug: string; title: string }[] }) => ({
          ...m,
        }));
        if (!modules.length || random(3) === 0) modules.push({ title: `${course.title} extra ${step}`, lessons: [] });
        const target = modules[random(modules.length)];
        target.lessons = [...target.lessons, ...Array.from({ length: added }, (_, i) => ({ title: `${course.title} ${step}.${i}` }))];
        await saveModules(course.id_slug, modules);
      } else if (op === 2) {
        const current = await curriculum(course.id_slug);
        const all = lessonSlugs(current);
        if (!all.length) continue;
        const drop = all[random(all.length)];
        steps.push(`delete a lesson of ${course.title}`);
        await saveModules(
          course.id_slug,
          current.modules.map((m: { id_slug: string; title: string; lessons: { id_slug: string; title: string }[] }) => ({
            ...m,
            lessons: m.lessons.filter((l) => l.id_slug !== drop),
          })),
        );
      } else {
        // Completions, several at once.
        const s = students[random(students.length)];
        const linkedLessons = (await Promise.all([...linked].map(curriculum))).flatMap(lessonSlugs);
        if (!linkedLessons.length) continue;
        const picks = Array.from({ length: 1 + random(3) }, () => linkedLessons[random(linkedLessons.length)]);
        steps.push(`${s.email} completes ${picks.length}`);
        await Promise.all(picks.map((l) => markComplete(cohort.id_slug, s, l).expect(200)));
      }
      await expectFiguresAgree(cohort.id_slug, students, steps.join(' / '));
    }
  });
});
