import { GradebookResponseSchema, QuestionBankResponseSchema, RegradePreviewResponseSchema, type QuestionBank } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A changed key in a question bank shared by several quizzes: the same preview (old and new score
 * of every submitted attempt that drew the question, whichever quiz) and the same confirmed regrade
 * in the save's transaction as a quiz's own questions, with the students told when results are open.
 */
let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let outsider: TestUser;
let bank: QuestionBank;
let cohort: { id_slug: string; id: string };
const students: TestUser[] = [];
const quizzes: Record<string, string> = {};

const numeric = () => bank.questions.find((q) => q.kind === 'NUMERIC')!;
const wider = () => ({ title: bank.title, questions: bank.questions.map((q) => (q.kind === 'NUMERIC' ? { ...q, tolerance: 0.05 } : q)) });
const preview = async (body: object, who: TestUser = admin) =>
  RegradePreviewResponseSchema.parse(
    (await t.http.post(`/api/quizzes/admin/banks/${bank.id_slug}/regrade-preview/`).set(bearer(who)).send(body).expect(200)).body,
  );
const saveBank = (body: object, who: TestUser = admin) =>
  t.http.put(`/api/quizzes/admin/banks/${bank.id_slug}/`).set(bearer(who)).send(body);
const grades = async () => {
  const book = GradebookResponseSchema.parse(
    (await t.http.get(`/api/grading/cohorts/${cohort.id_slug}/gradebook`).set(bearer(admin)).expect(200)).body,
  ).data;
  return Object.fromEntries(
    book.students.map((s) => [s.first_name, Object.fromEntries(book.items.map((item, i) => [item.lesson_title, s.grades[i].user_grade]))]),
  );
};
const regradeMails = async (to: string) =>
  (
    await t.ds.query(
      `SELECT data FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'template' = 'quiz-regraded' AND data->>'to' = $1`,
      [to],
    )
  ).map((r: { data: { props: Record<string, unknown> } }) => r.data.props);

/** The student takes a quiz (the bank's numeric question and the quiz's own true/false) and submits. */
async function take(student: TestUser, lesson: string, value: number) {
  const started = await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${lesson}/start/`).set(bearer(student)).expect(200);
  const id = started.body.session_id_slug as string;
  const open = (await t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(student)).expect(200)).body.data;
  const answers = open.questions.map((q: { id_slug: string; kind: string }) => ({
    question_id_slug: q.id_slug,
    answer: q.kind === 'NUMERIC' ? value : true,
  }));
  await t.http.put(`/api/quizzes/sessions/${id}/answers/`).set(bearer(student)).send({ answers }).expect(200);
  await t.http.post(`/api/quizzes/sessions/${id}/submit/`).set(bearer(student)).expect(200);
}

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  outsider = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Bank regrade course',
    modules: [{ title: 'Checks', lessons: [{ title: 'Check one' }, { title: 'Check two' }] }],
  });
  for (const l of course.modules[0].lessons) quizzes[l.title] = l.id_slug;
  cohort = await makeCohort(t, admin, { title: 'Bank regrade cohort', course_ids: [course.id_slug] });
  await makeCohort(t, admin, { title: 'Other cohort', course_ids: [(await makeCourse(t, admin, { title: 'Elsewhere' })).id_slug] }).then(
    (other) => linkInstructor(t, admin, other.id_slug, otherTeacher),
  );
  await linkInstructor(t, admin, cohort.id_slug, teacher);
  const created = await t.http
    .post(`/api/quizzes/admin/courses/${course.id_slug}/banks/`)
    .set(bearer(admin))
    .send({ title: 'Band gaps' })
    .expect(201);
  bank = QuestionBankResponseSchema.parse(
    (
      await t.http
        .put(`/api/quizzes/admin/banks/${created.body.data.id_slug}/`)
        .set(bearer(admin))
        .send({
          title: 'Band gaps',
          questions: [{ kind: 'NUMERIC', prompt: 'Band gap of silicon, in eV?', points: 3, correct_number: 1.12, tolerance: 0.01 }],
        })
        .expect(200)
    ).body,
  ).data;
  for (const lesson of Object.values(quizzes)) {
    await t.http
      .put(`/api/quizzes/admin/lessons/${lesson}/`)
      .set(bearer(admin))
      .send({
        time_limit_minutes: null,
        attempts_allowed: 1,
        pass_mark_percentage: null,
        shuffle_questions: false,
        shuffle_options: false,
        draw_count: null,
        questions: [{ kind: 'TRUE_FALSE', prompt: 'Silicon is a semiconductor.', points: 1, correct_boolean: true }],
        bank_draws: [{ bank_id_slug: bank.id_slug, draw_count: 1 }],
      })
      .expect(200);
    await t.http
      .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lesson}/grade-item`)
      .set(bearer(admin))
      .send({ grade_percentage: 50 })
      .expect(200);
  }
  for (const first_name of ['Ana', 'Ben', 'Cai']) {
    const s = await createUser(t, { first_name });
    await enrol(t, admin, cohort.id_slug, s);
    students.push(s);
  }
  // Ana answers 1.15 in quiz one, Ben 1.15 in quiz two (both outside the key's tolerance), Cai 1.12 in quiz one.
  await take(students[0], quizzes['Check one'], 1.15);
  await take(students[1], quizzes['Check two'], 1.15);
  await take(students[2], quizzes['Check one'], 1.12);
});
afterAll(async () => t?.close());

describe('regrading after a shared bank’s key changes', { timeout: 120_000 }, () => {
  it('previews old and new scores over every quiz that drew the question; a save without regrade changes nothing', async () => {
    expect(numeric().tolerance).toBe(0.01);
    const p = await preview(wider());
    expect(p.submitted_attempts).toBe(3);
    expect(p.data.map((c) => [c.student.first_name, c.lesson_title, c.cohort_title, c.old_score, c.new_score, c.max_score])).toEqual([
      ['Ana', 'Check one', 'Bank regrade cohort', 1, 4, 4],
      ['Ben', 'Check two', 'Bank regrade cohort', 1, 4, 4],
    ]);
    // An unchanged bank changes nobody.
    expect((await preview({ title: bank.title, questions: bank.questions })).data).toEqual([]);

    await saveBank(wider()).expect(200);
    expect(await grades()).toMatchObject({ Ana: { 'Check one': 25 }, Ben: { 'Check two': 25 }, Cai: { 'Check one': 100 } });
    expect(await regradeMails(students[0].email)).toEqual([]);
  });

  it('a confirmed regrade scores every such attempt again in the save, updates both quizzes’ grades and tells the students', async () => {
    await saveBank({ ...wider(), regrade: true }).expect(200);
    expect(await grades()).toMatchObject({ Ana: { 'Check one': 100 }, Ben: { 'Check two': 100 }, Cai: { 'Check one': 100 } });
    expect((await preview(wider())).data).toEqual([]);
    // Results are open (no result date): both changed students are told, with the quiz they took; Cai was not changed.
    expect(await regradeMails(students[0].email)).toEqual([
      expect.objectContaining({ quizTitle: 'Check one', oldScore: '1 / 4', newScore: '4 / 4' }),
    ]);
    expect(await regradeMails(students[1].email)).toEqual([expect.objectContaining({ quizTitle: 'Check two' })]);
    expect(await regradeMails(students[2].email)).toEqual([]);
  });

  it('a refused save regrades nothing', async () => {
    const narrower = { title: bank.title, questions: bank.questions.map((q) => (q.kind === 'NUMERIC' ? { ...q, tolerance: 0 } : q)) };
    const refused = await saveBank({ ...narrower, questions: [...narrower.questions, narrower.questions[0]], regrade: true }).expect(400);
    expect(refused.body.errors.questions).toBeDefined();
    expect(await grades()).toMatchObject({ Ana: { 'Check one': 100 }, Ben: { 'Check two': 100 } });
  });

  it('is the course authors’ only: the cohort’s instructor may, another instructor and a student may not', async () => {
    expect((await preview(wider(), teacher)).data).toEqual([]);
    for (const who of [otherTeacher, outsider, students[0]]) {
      await t.http.post(`/api/quizzes/admin/banks/${bank.id_slug}/regrade-preview/`).set(bearer(who)).send(wider()).expect(404);
      await saveBank({ ...wider(), regrade: true }, who).expect(404);
    }
  });

  it('refuses a malformed preview with the field named', async () => {
    const res = await t.http
      .post(`/api/quizzes/admin/banks/${bank.id_slug}/regrade-preview/`)
      .set(bearer(admin))
      .send({ title: '' })
      .expect(400);
    expect(res.body.errors).toBeDefined();
  });
});
