import { RubricTemplateResponseSchema, RubricTemplatesResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** Rubric templates: an admin keeps a project's rubric (levels with descriptions) for reuse; staff pick from them. */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let student: TestUser;
let first: string;
let second: string;

const RUBRIC = [
  {
    id: 'timing',
    title: 'Timing closure',
    levels: [
      { title: 'Fails', points: 0, description: 'Negative slack on the main clock' },
      { title: 'Meets', points: 5, description: 'All paths meet timing with the given constraints' },
    ],
  },
];

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN', first_name: 'Nadia', last_name: 'Hassan' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Templates course',
    modules: [
      {
        title: 'Projects',
        lessons: [
          { title: 'Adder project', lesson_type: 'PROJECT' },
          { title: 'Multiplier project', lesson_type: 'PROJECT' },
        ],
      },
    ],
  });
  [first, second] = course.modules[0].lessons.map((l) => l.id_slug);
});
afterAll(async () => t?.close());

describe('rubric templates', () => {
  it("keeps a project's rubric as a template, and another project takes it with each level's description", async () => {
    await t.http.put(`/api/courses/admin/lessons/${first}/project`).set(bearer(admin)).send({ rubric: RUBRIC }).expect(200);
    const authored = (await t.http.get(`/api/courses/admin/lessons/${first}/project`).set(bearer(admin)).expect(200)).body.data.project
      .rubric;
    expect(authored).toEqual(RUBRIC);

    const created = RubricTemplateResponseSchema.parse(
      (
        await t.http
          .post('/api/grading/rubric-templates')
          .set(bearer(admin))
          .send({ title: '  Timing rubric ', rubric: authored })
          .expect(201)
      ).body,
    ).data;
    expect(created).toMatchObject({ title: 'Timing rubric', rubric: RUBRIC, created_by: 'Nadia Hassan' });

    // Instructors read the school's templates too.
    const listed = RubricTemplatesResponseSchema.parse(
      (await t.http.get('/api/grading/rubric-templates').set(bearer(teacher)).expect(200)).body,
    ).data;
    const template = listed.find((x) => x.id_slug === created.id_slug)!;
    expect(template.rubric).toEqual(RUBRIC);

    await t.http.put(`/api/courses/admin/lessons/${second}/project`).set(bearer(admin)).send({ rubric: template.rubric }).expect(200);
    const view = (await t.http.get(`/api/courses/admin/lessons/${second}/project`).set(bearer(admin)).expect(200)).body.data;
    expect(view.project.rubric[0].levels.map((l: { description: string }) => l.description)).toEqual([
      'Negative slack on the main clock',
      'All paths meet timing with the given constraints',
    ]);
  });

  it('refuses a template without a title or criteria, with the field named', async () => {
    const noTitle = await t.http.post('/api/grading/rubric-templates').set(bearer(admin)).send({ title: ' ', rubric: RUBRIC }).expect(400);
    expect(noTitle.body.errors.title).toBe('Give the template a title');
    const empty = await t.http.post('/api/grading/rubric-templates').set(bearer(admin)).send({ title: 'Empty', rubric: [] }).expect(400);
    expect(empty.body.errors.rubric).toBe('A template needs at least one criterion');
    const long = { ...RUBRIC[0], levels: [{ title: 'x', points: 1, description: 'y'.repeat(2001) }] };
    await t.http
      .post('/api/grading/rubric-templates')
      .set(bearer(admin))
      .send({ title: 'Long', rubric: [long] })
      .expect(400);
  });

  it('is staff data: students cannot list them, only admins (who author projects) add them', async () => {
    await t.http.get('/api/grading/rubric-templates').set(bearer(student)).expect(403);
    await t.http.post('/api/grading/rubric-templates').set(bearer(student)).send({ title: 'Mine', rubric: RUBRIC }).expect(403);
    await t.http.post('/api/grading/rubric-templates').set(bearer(teacher)).send({ title: 'Mine', rubric: RUBRIC }).expect(403);
    await t.http.get('/api/grading/rubric-templates').expect(401);
  });
});
