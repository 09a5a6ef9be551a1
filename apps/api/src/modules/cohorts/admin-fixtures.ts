import type { AdminCourse, LessonType } from '@school/contracts';
import { expect } from 'vitest';
import { bearer, type TestApp, type TestUser } from '../../../test/test-app';

/** Test helpers of the admin API tests: build courses and cohorts through the API itself. */

const DAY = 86_400_000;
export const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString();

export interface CourseSpec {
  title: string;
  description?: string;
  modules?: { title: string; lessons: { title: string; lesson_type?: LessonType }[] }[];
}

export async function makeCourse(t: TestApp, admin: TestUser, spec: CourseSpec): Promise<AdminCourse> {
  const created = await t.http
    .post('/api/courses/admin/create/')
    .set(bearer(admin))
    .send({ title: spec.title, description: spec.description ?? '' })
    .expect(201);
  const slug = created.body.id_slug as string;
  if (spec.modules?.length) {
    await t.http
      .put(`/api/courses/admin/${slug}/modules/update/`)
      .set(bearer(admin))
      .send({
        modules: spec.modules.map((m, i) => ({
          title: m.title,
          order: i,
          lessons: m.lessons.map((l, j) => ({ title: l.title, order: j, lesson_type: l.lesson_type ?? 'QUIZ' })),
        })),
      })
      .expect(200);
  }
  const detail = await t.http.get(`/api/courses/admin/${slug}`).set(bearer(admin)).expect(200);
  return detail.body.data;
}

export async function makeCohort(
  t: TestApp,
  admin: TestUser,
  spec: { title: string; course_ids: string[]; start?: number; end?: number },
): Promise<{ id_slug: string; id: string }> {
  const res = await t.http
    .post('/api/cohorts/admin/create/')
    .set(bearer(admin))
    .send({
      title: spec.title,
      start_date: isoIn(spec.start ?? -10),
      end_date: isoIn(spec.end ?? 60),
      end_access_date: isoIn((spec.end ?? 60) + 30),
      result_open_date: null,
      course_ids: spec.course_ids,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [row] = await t.ds.query(`SELECT id FROM cohorts WHERE id_slug = $1`, [res.body.id_slug]);
  return { id_slug: res.body.id_slug, id: row.id };
}

export async function enrol(t: TestApp, admin: TestUser, cohortSlug: string, user: { id_slug: string }) {
  await t.http.post(`/api/cohorts/admin/${cohortSlug}/add-student`).set(bearer(admin)).send({ user_id_slug: user.id_slug }).expect(201);
}
