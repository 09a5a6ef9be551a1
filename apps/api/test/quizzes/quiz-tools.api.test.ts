import { readFileSync } from 'node:fs';
import {
  QUIZ_IMPORT_FAILED_MESSAGE,
  QuizAnalyticsResponseSchema,
  QuizAuthoringResponseSchema,
  QuizImportResponseSchema,
  QuizPreviewDrawResponseSchema,
  RegradePreviewResponseSchema,
  type QuizAuthoring,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../src/platform/jobs/jobs.service';
import { enrol, isoIn, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/** Import and export of banks, the preview of a draw, regrading on a changed key, per-question analytics. */

const sample = (name: string) => readFileSync(new URL(`../../src/modules/quizzes/quiz-formats/samples/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let outsider: TestUser;
let lessons: Record<string, string>;
let cohortA: { id_slug: string; id: string };
let cohortB: { id_slug: string; id: string };

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  outsider = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Semiconductor basics',
    modules: [{ title: 'Materials', lessons: ['Imported', 'Copy', 'Draws', 'Keys', 'Reading'].map((title) => ({ title })) }],
  });
  lessons = Object.fromEntries(course.modules[0].lessons.map((l) => [l.title, l.id_slug]));
  cohortA = await makeCohort(t, admin, { title: 'Cohort A', course_ids: [course.id_slug] });
  cohortB = await makeCohort(t, admin, { title: 'Cohort B', course_ids: [course.id_slug] });
  await linkInstructor(t, admin, cohortA.id_slug, teacher);
});
afterAll(async () => t?.close());

const importFile = (lesson: string, format: 'gift' | 'moodle_xml', content: string, as: TestUser = admin) =>
  t.http.post(`/api/quizzes/admin/lessons/${lessons[lesson]}/import/`).set(bearer(as)).send({ format, content });
const exportFile = (lesson: string, format: 'gift' | 'moodle_xml', as: TestUser = admin) =>
  t.http.get(`/api/quizzes/admin/lessons/${lessons[lesson]}/export/?format=${format}`).set(bearer(as)).buffer(true);
const authoring = async (lesson: string): Promise<QuizAuthoring> =>
  QuizAuthoringResponseSchema.parse(
    (await t.http.get(`/api/quizzes/admin/lessons/${lessons[lesson]}/`).set(bearer(admin)).expect(200)).body,
  ).data;
const settingsOf = (q: QuizAuthoring) => ({
  time_limit_minutes: q.time_limit_minutes,
  attempts_allowed: q.attempts_allowed,
  pass_mark_percentage: q.pass_mark_percentage,
  shuffle_questions: q.shuffle_questions,
  shuffle_options: q.shuffle_options,
  draw_count: q.draw_count,
});
const save = (lesson: string, body: object, as: TestUser = admin) =>
  t.http.put(`/api/quizzes/admin/lessons/${lessons[lesson]}/`).set(bearer(as)).send(body);
const gradeItem = (cohort: string, lesson: string, resultOpen: string | null) =>
  t.http
    .put(`/api/cohorts/admin/${cohort}/lessons/${lessons[lesson]}/grade-item`)
    .set(bearer(admin))
    .send({ grade_percentage: 20, result_open_datetime: resultOpen })
    .expect(200);
const stripIds = (q: QuizAuthoring) => q.questions.map(({ id_slug: _id, ...rest }) => rest);

describe('import and export', () => {
  it('imports every kind of a GIFT file after the bank, and a Moodle XML file after that', async () => {
    const res = await importFile('Imported', 'gift', sample('semiconductors.gift')).expect(200);
    const body = QuizImportResponseSchema.parse(res.body);
    expect(body.imported).toBe(7);
    expect(body.data.questions.map((q) => q.kind)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'TRUE_FALSE',
      'NUMERIC',
      'SHORT_TEXT',
      'FREE_TEXT',
      'NUMERIC',
    ]);
    expect(body.data.questions[3]).toMatchObject({
      prompt: 'What is the band gap of silicon, in eV?',
      points: 2,
      correct_number: 1.12,
      tolerance: 0.05,
    });
    const xml = QuizImportResponseSchema.parse((await importFile('Imported', 'moodle_xml', sample('semiconductors.xml')).expect(200)).body);
    expect(xml.imported).toBe(6);
    expect(xml.data.questions).toHaveLength(13);
    expect(xml.data.questions[7]).toMatchObject({ kind: 'SINGLE_CHOICE', prompt: 'Which gate is universal?' });
  });

  it('a bad file imports nothing and names the line of every problem', async () => {
    const before = await authoring('Imported');
    const gift = await importFile('Imported', 'gift', sample('broken.gift')).expect(400);
    expect(gift.body).toEqual({
      message: QUIZ_IMPORT_FAILED_MESSAGE,
      errors: {
        'line 4': expect.stringMatching(/Expected/),
        'line 6': 'Matching questions are not supported.',
        'line 12': 'Mark exactly one option correct',
      },
    });
    const xml = await importFile('Imported', 'moodle_xml', sample('broken.xml')).expect(400);
    expect(Object.keys(xml.body.errors)).toEqual(['line 7', 'line 11']);
    const malformed = await importFile('Imported', 'moodle_xml', sample('malformed.xml')).expect(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['line 4']);
    await importFile('Imported', 'gift', '// only a comment\n').expect(400);
    expect(await authoring('Imported')).toEqual(before);
  });

  it('an export imports into another quiz as the same questions, in both formats', async () => {
    const original = await authoring('Imported');
    const gift = await exportFile('Imported', 'gift').expect(200);
    expect(gift.headers['content-type']).toMatch(/^text\/plain/);
    expect(gift.headers['content-disposition']).toBe('attachment; filename="imported.gift.txt"');
    await importFile('Copy', 'gift', gift.text).expect(200);
    // Imported option keys are opt1, opt2...: the copy equals the original but for the question ids.
    expect(stripIds(await authoring('Copy'))).toEqual(stripIds(original));

    const xml = await exportFile('Imported', 'moodle_xml').expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    const fromXml = QuizImportResponseSchema.parse((await importFile('Copy', 'moodle_xml', xml.text.toString()).expect(200)).body);
    expect(fromXml.data.questions.slice(original.questions.length).map(({ id_slug: _id, ...q }) => q)).toEqual(stripIds(original));
  });

  it('only the quiz authors import and export: instructors of a cohort taking the course, never others or students', async () => {
    await importFile('Copy', 'gift', 'Silicon is a semiconductor. {T}\n', teacher).expect(200);
    await exportFile('Copy', 'gift', teacher).expect(200);
    for (const who of [otherTeacher, outsider]) {
      await importFile('Copy', 'gift', 'Silicon is a semiconductor. {T}\n', who).expect(404);
      await exportFile('Copy', 'gift', who).expect(404);
    }
    await importFile('Reading', 'gift', 'Silicon is a semiconductor. {T}\n').expect(200);
  });
});

describe('preview of a draw', () => {
  it('draws and shuffles as a student start does, a new draw each time', async () => {
    await importFile('Draws', 'gift', sample('semiconductors.gift')).expect(200);
    const quiz = await authoring('Draws');
    await save('Draws', {
      ...settingsOf(quiz),
      draw_count: 3,
      shuffle_questions: true,
      shuffle_options: true,
      questions: quiz.questions,
    }).expect(200);
    const draws = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const res = QuizPreviewDrawResponseSchema.parse(
        (await t.http.get(`/api/quizzes/admin/lessons/${lessons.Draws}/preview/`).set(bearer(admin)).expect(200)).body,
      ).data;
      expect(res.total_in_bank).toBe(7);
      expect(res.questions).toHaveLength(3);
      for (const q of res.questions) {
        const inBank = quiz.questions.find((b) => b.id_slug === q.id_slug)!;
        expect(new Set(q.options.map((o) => o.key))).toEqual(new Set(inBank.options.map((o) => o.key)));
      }
      draws.add(res.questions.map((q) => q.id_slug).join());
    }
    expect(draws.size).toBeGreaterThan(1);
    await t.http.get(`/api/quizzes/admin/lessons/${lessons.Draws}/preview/`).set(bearer(outsider)).expect(404);
    await t.http.get(`/api/quizzes/admin/lessons/${lessons.Draws}/preview/`).set(bearer(otherTeacher)).expect(404);
  });
});

describe('regrading and analytics', () => {
  const KEYS = `// points: 2
Band gap of silicon, in eV? {#1.12:0.01}

Symbol of gold? {=Au}

Which gate is universal? {~AND =NAND ~XOR}

Explain doping. {}
`;
  let quiz: QuizAuthoring;
  const students: TestUser[] = [];

  async function take(
    student: TestUser,
    cohort: string,
    answers: (q: QuizAuthoring['questions']) => { question_id_slug: string; answer: unknown }[],
  ) {
    const started = await t.http.post(`/api/quizzes/cohorts/${cohort}/lessons/${lessons.Keys}/start/`).set(bearer(student)).expect(200);
    const session = started.body.session_id_slug as string;
    await t.http
      .put(`/api/quizzes/sessions/${session}/answers/`)
      .set(bearer(student))
      .send({ answers: answers(quiz.questions) })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${session}/submit/`).set(bearer(student)).expect(200);
    return session;
  }
  const regradeMails = async (to: string) =>
    (
      await t.ds.query(
        `SELECT data FROM ${JOBS_SCHEMA}.job WHERE name = 'send-mail' AND data->>'template' = 'quiz-regraded' AND data->>'to' = $1`,
        [to],
      )
    ).map((r: { data: { props: Record<string, unknown> } }) => r.data.props);
  const grade = async (student: TestUser) =>
    Number(
      (
        await t.ds.query(
          `SELECT ug.user_grade FROM user_grades ug JOIN cohort_grades cg ON cg.id = ug.cohort_grade_id JOIN lessons l ON l.id = cg.lesson_id
            WHERE ug.user_id = $1 AND l.id_slug = $2`,
          [student.id, lessons.Keys],
        )
      )[0].user_grade,
    );

  beforeAll(async () => {
    quiz = QuizImportResponseSchema.parse((await importFile('Keys', 'gift', KEYS).expect(200)).body).data;
    await gradeItem(cohortA.id_slug, 'Keys', isoIn(-1));
    await gradeItem(cohortB.id_slug, 'Keys', isoIn(10));
    for (let i = 0; i < 4; i++) {
      const s = await createUser(t, { first_name: `Student${i}` });
      await enrol(t, admin, i < 3 ? cohortA.id_slug : cohortB.id_slug, s);
      students.push(s);
    }
    const [numeric, short, single] = quiz.questions;
    const nand = single.options.find((o) => o.text === 'NAND')!.key;
    const xor = single.options.find((o) => o.text === 'XOR')!.key;
    // Student0: 1.15 (outside the key's tolerance), right gate. Student1: all right. Student2: 1.15, wrong gate. Student3 (cohort B): 1.15.
    await take(students[0], cohortA.id_slug, () => [
      { question_id_slug: numeric.id_slug, answer: 1.15 },
      { question_id_slug: short.id_slug, answer: 'au' },
      { question_id_slug: single.id_slug, answer: nand },
    ]);
    await take(students[1], cohortA.id_slug, () => [
      { question_id_slug: numeric.id_slug, answer: 1.12 },
      { question_id_slug: short.id_slug, answer: 'Au' },
      { question_id_slug: single.id_slug, answer: nand },
    ]);
    await take(students[2], cohortA.id_slug, () => [
      { question_id_slug: numeric.id_slug, answer: 1.15 },
      { question_id_slug: single.id_slug, answer: xor },
    ]);
    await take(students[3], cohortB.id_slug, () => [{ question_id_slug: numeric.id_slug, answer: 1.15 }]);
  });

  it('a wider tolerance: the preview lists old and new scores, a save without regrade changes none, a confirmed regrade changes them all', async () => {
    const wider = { ...settingsOf(quiz), questions: quiz.questions.map((q, i) => (i === 0 ? { ...q, tolerance: 0.05 } : q)) };
    const preview = RegradePreviewResponseSchema.parse(
      (await t.http.post(`/api/quizzes/admin/lessons/${lessons.Keys}/regrade-preview/`).set(bearer(admin)).send(wider).expect(200)).body,
    );
    expect(preview.submitted_attempts).toBe(4);
    expect(
      preview.data
        .map((c) => [c.student.first_name, c.cohort_title, c.old_score, c.new_score, c.max_score])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Student0', 'Cohort A', 2, 4, 5],
      ['Student2', 'Cohort A', 0, 2, 5],
      ['Student3', 'Cohort B', 0, 2, 5],
    ]);
    const before = await grade(students[0]);

    await save('Keys', wider).expect(200);
    expect(await grade(students[0])).toBe(before);

    await save('Keys', { ...wider, regrade: true }).expect(200);
    expect(await grade(students[0])).toBe(80);
    expect(await grade(students[1])).toBe(80);
    const again = RegradePreviewResponseSchema.parse(
      (await t.http.post(`/api/quizzes/admin/lessons/${lessons.Keys}/regrade-preview/`).set(bearer(admin)).send(wider).expect(200)).body,
    );
    expect(again.data).toEqual([]);
    const session = await t.http
      .get(
        `/api/quizzes/sessions/${(await t.http.get(`/api/quizzes/cohorts/${cohortA.id_slug}/lessons/${lessons.Keys}/attempts/`).set(bearer(students[0]))).body.data[0].session_id_slug}/`,
      )
      .set(bearer(students[0]))
      .expect(200);
    expect(session.body.data).toMatchObject({ score: 4, max_score: 5 });

    // Results are open in cohort A only: its changed students are told, cohort B's are not (yet), the unchanged never.
    expect(await regradeMails(students[0].email)).toEqual([
      expect.objectContaining({ oldScore: '2 / 5', newScore: '4 / 5', attemptNumber: 1 }),
    ]);
    expect(await regradeMails(students[2].email)).toHaveLength(1);
    expect(await regradeMails(students[1].email)).toEqual([]);
    expect(await regradeMails(students[3].email)).toEqual([]);
  });

  it('the regrade calls are the authors’ only', async () => {
    const body = { ...settingsOf(quiz), questions: quiz.questions };
    for (const who of [otherTeacher, outsider])
      await t.http.post(`/api/quizzes/admin/lessons/${lessons.Keys}/regrade-preview/`).set(bearer(who)).send(body).expect(404);
    await save('Keys', { ...body, regrade: true }, outsider).expect(404);
    await t.http.post(`/api/quizzes/admin/lessons/${lessons.Keys}/regrade-preview/`).set(bearer(teacher)).send(body).expect(200);
  });

  it('analytics: facility, discrimination, options chosen and time per question, by cohort for its instructors', async () => {
    const read = async (as: TestUser, cohort?: string) =>
      QuizAnalyticsResponseSchema.parse(
        (
          await t.http
            .get(`/api/quizzes/admin/lessons/${lessons.Keys}/analytics/${cohort ? `?cohort_id=${cohort}` : ''}`)
            .set(bearer(as))
            .expect(200)
        ).body,
      ).data;
    const all = await read(admin);
    expect(all.submitted_attempts).toBe(4);
    expect(all.cohorts.map((c) => c.title)).toEqual(['Cohort A', 'Cohort B']);
    const [numeric, short, single, free] = all.questions;
    expect(numeric).toMatchObject({ attempts: 4, facility: 1 });
    expect(short).toMatchObject({ attempts: 4, facility: 0.5 });
    expect(single.facility).toBe(0.5);
    expect(single.options.map((o) => [o.text, o.chosen, o.is_correct])).toEqual([
      ['AND', 0, false],
      ['NAND', 2, true],
      ['XOR', 1, false],
    ]);
    // Those who got the gate right scored higher on the rest: a positive discrimination.
    expect(single.discrimination).toBeGreaterThan(0);
    expect(numeric.discrimination).toBeNull();
    expect(free).toMatchObject({ kind: 'FREE_TEXT', attempts: 4 });
    expect(numeric.average_seconds).not.toBeNull();
    expect(numeric.average_seconds!).toBeGreaterThanOrEqual(0);

    const a = await read(teacher);
    expect(a.cohorts.map((c) => c.title)).toEqual(['Cohort A']);
    expect(a.submitted_attempts).toBe(3);
    expect((await read(admin, cohortB.id_slug)).submitted_attempts).toBe(1);
    await t.http.get(`/api/quizzes/admin/lessons/${lessons.Keys}/analytics/?cohort_id=${cohortB.id_slug}`).set(bearer(teacher)).expect(404);
    await t.http.get(`/api/quizzes/admin/lessons/${lessons.Keys}/analytics/`).set(bearer(otherTeacher)).expect(404);
    await t.http.get(`/api/quizzes/admin/lessons/${lessons.Keys}/analytics/`).set(bearer(outsider)).expect(404);
  });
});

describe('question banks shared by the quizzes of a course', () => {
  it('a bank of the course feeds the draws of two quizzes beside their own questions; past attempts keep what they drew', async () => {
    const course = await makeCourse(t, admin, {
      title: 'Shared banks',
      modules: [{ title: 'Checks', lessons: [{ title: 'Check 1' }, { title: 'Check 2' }] }],
    });
    const [check1, check2] = course.modules[0].lessons.map((l) => l.id_slug);
    const cohort = await makeCohort(t, admin, { title: 'Bank cohort', course_ids: [course.id_slug] });
    const bank = await t.http
      .post(`/api/quizzes/admin/courses/${course.id_slug}/banks/`)
      .set(bearer(admin))
      .send({ title: 'Band theory' })
      .expect(201);
    const bankId = bank.body.data.id_slug as string;
    const saved = await t.http
      .put(`/api/quizzes/admin/banks/${bankId}/`)
      .set(bearer(admin))
      .send({
        title: 'Band theory',
        questions: ['Si', 'Ge', 'GaAs', 'InP'].map((m) => ({
          kind: 'SHORT_TEXT',
          prompt: `Symbol-free name of ${m}?`,
          points: 1,
          accepted_answers: [m],
        })),
      })
      .expect(200);
    expect(saved.body.data.questions).toHaveLength(4);
    const own = { kind: 'TRUE_FALSE', prompt: 'Own question', points: 1, correct_boolean: true };
    const settings = {
      time_limit_minutes: null,
      attempts_allowed: 2,
      pass_mark_percentage: null,
      shuffle_questions: true,
      shuffle_options: false,
      draw_count: null,
    };
    for (const lesson of [check1, check2]) {
      const res = await t.http
        .put(`/api/quizzes/admin/lessons/${lesson}/`)
        .set(bearer(admin))
        .send({ ...settings, questions: [own], bank_draws: [{ bank_id_slug: bankId, draw_count: 2 }] })
        .expect(200);
      expect(res.body.data.bank_draws).toEqual([{ bank_id_slug: bankId, title: 'Band theory', draw_count: 2, total_questions: 4 }]);
      await t.http
        .put(`/api/cohorts/admin/${cohort.id_slug}/lessons/${lesson}/grade-item`)
        .set(bearer(admin))
        .send({ grade_percentage: 10 })
        .expect(200);
    }
    const list = await t.http.get(`/api/quizzes/admin/courses/${course.id_slug}/banks/`).set(bearer(admin)).expect(200);
    expect(list.body.data).toEqual([{ id_slug: bankId, title: 'Band theory', total_questions: 4, quizzes: 2 }]);

    // A student's attempt: the own question and two of the bank's.
    const s = await createUser(t);
    await enrol(t, admin, cohort.id_slug, s);
    const attempts = await t.http.get(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${check2}/attempts/`).set(bearer(s)).expect(200);
    expect(attempts.body.total_questions).toBe(3);
    const started = await t.http.post(`/api/quizzes/cohorts/${cohort.id_slug}/lessons/${check2}/start/`).set(bearer(s)).expect(200);
    const session = await t.http.get(`/api/quizzes/sessions/${started.body.session_id_slug}/`).set(bearer(s)).expect(200);
    const prompts = session.body.data.questions.map((q: { prompt: string }) => q.prompt);
    expect(prompts).toHaveLength(3);
    expect(prompts).toContain('Own question');
    expect(prompts.filter((p: string) => p.startsWith('Symbol-free'))).toHaveLength(2);

    // The preview draws the same way.
    const preview = await t.http.get(`/api/quizzes/admin/lessons/${check1}/preview/`).set(bearer(admin)).expect(200);
    expect(preview.body.data.questions).toHaveLength(3);

    // Emptying the bank archives its questions: the attempt under way still shows them.
    await t.http.put(`/api/quizzes/admin/banks/${bankId}/`).set(bearer(admin)).send({ title: 'Band theory', questions: [] }).expect(200);
    const again = await t.http.get(`/api/quizzes/sessions/${started.body.session_id_slug}/`).set(bearer(s)).expect(200);
    expect(again.body.data.questions).toHaveLength(3);
  });

  it('banks are the course authors’ only; a quiz draws only from banks of its own course', async () => {
    const course = await makeCourse(t, admin, { title: 'Other banks', modules: [{ title: 'M', lessons: [{ title: 'Q' }] }] });
    const bank = await t.http
      .post(`/api/quizzes/admin/courses/${course.id_slug}/banks/`)
      .set(bearer(admin))
      .send({ title: 'Elsewhere' })
      .expect(201);
    for (const who of [teacher, otherTeacher, outsider]) {
      await t.http.get(`/api/quizzes/admin/courses/${course.id_slug}/banks/`).set(bearer(who)).expect(404);
      await t.http.get(`/api/quizzes/admin/banks/${bank.body.data.id_slug}/`).set(bearer(who)).expect(404);
      await t.http.post(`/api/quizzes/admin/courses/${course.id_slug}/banks/`).set(bearer(who)).send({ title: 'x' }).expect(404);
    }
    // The teacher of cohort A authors the banks of its course.
    const [row] = await t.ds.query(
      `SELECT co.id_slug FROM courses co JOIN cohort_courses cc ON cc.course_id = co.id WHERE cc.cohort_id = $1`,
      [cohortA.id],
    );
    await t.http.post(`/api/quizzes/admin/courses/${row.id_slug}/banks/`).set(bearer(teacher)).send({ title: 'Taught' }).expect(201);
    const quiz = await authoring('Imported');
    const refused = await save('Imported', {
      ...settingsOf(quiz),
      questions: quiz.questions,
      bank_draws: [{ bank_id_slug: bank.body.data.id_slug, draw_count: 1 }],
    }).expect(400);
    expect(refused.body.errors.bank_draws).toBe('A bank of the list is not a bank of this course.');
  });
});
