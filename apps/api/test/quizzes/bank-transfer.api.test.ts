import { readFileSync } from 'node:fs';
import {
  QUIZ_IMPORT_FAILED_MESSAGE,
  QuestionBankImportResponseSchema,
  QuestionBankListSchema,
  QuestionBankResponseSchema,
  type QuestionBank,
} from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrol, linkInstructor, makeCohort, makeCourse } from '../fixtures/admin.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * Import and export of a question bank shared by a course's quizzes, in GIFT and Moodle XML, with
 * the parsers and writers of a quiz's own bank: an export imports as the same questions, a bad file
 * names its lines and imports nothing, and only the bank's authors may do either.
 */

const sample = (name: string) => readFileSync(new URL(`../../src/modules/quizzes/quiz-formats/samples/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let admin: TestUser;
let teacher: TestUser;
let otherTeacher: TestUser;
let student: TestUser;
let courseId: string;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
  teacher = await createUser(t, { role: 'INSTRUCTOR' });
  otherTeacher = await createUser(t, { role: 'INSTRUCTOR' });
  student = await createUser(t);
  const course = await makeCourse(t, admin, {
    title: 'Semiconductor basics',
    modules: [{ title: 'Materials', lessons: [{ title: 'Check' }] }],
  });
  courseId = course.id_slug;
  const cohort = await makeCohort(t, admin, { title: 'Bank cohort', course_ids: [courseId] });
  await linkInstructor(t, admin, cohort.id_slug, teacher);
  await enrol(t, admin, cohort.id_slug, student);
});
afterAll(async () => t?.close());

const newBank = async (title: string): Promise<string> =>
  (await t.http.post(`/api/quizzes/admin/courses/${courseId}/banks/`).set(bearer(admin)).send({ title }).expect(201)).body.data.id_slug;
const importFile = (bankId: string, format: 'gift' | 'moodle_xml', content: string, as: TestUser = admin) =>
  t.http.post(`/api/quizzes/admin/banks/${bankId}/import/`).set(bearer(as)).send({ format, content });
const exportFile = (bankId: string, format: 'gift' | 'moodle_xml', as: TestUser = admin) =>
  t.http.get(`/api/quizzes/admin/banks/${bankId}/export/?format=${format}`).set(bearer(as)).buffer(true);
const readBank = async (bankId: string): Promise<QuestionBank> =>
  QuestionBankResponseSchema.parse((await t.http.get(`/api/quizzes/admin/banks/${bankId}/`).set(bearer(admin)).expect(200)).body).data;
const stripIds = (b: QuestionBank) => b.questions.map(({ id_slug: _id, ...rest }) => rest);

describe('import and export of a shared question bank', () => {
  let bandTheory: string;

  beforeAll(async () => {
    bandTheory = await newBank('Band theory');
  });

  it('imports a GIFT file and then a Moodle XML file after the bank’s questions, and the course lists the total', async () => {
    const gift = QuestionBankImportResponseSchema.parse(
      (await importFile(bandTheory, 'gift', sample('semiconductors.gift')).expect(200)).body,
    );
    expect(gift.imported).toBe(7);
    expect(gift.data.questions.map((q) => q.kind)).toEqual([
      'SINGLE_CHOICE',
      'MULTIPLE_CHOICE',
      'TRUE_FALSE',
      'NUMERIC',
      'SHORT_TEXT',
      'FREE_TEXT',
      'NUMERIC',
    ]);
    expect(gift.data.questions[3]).toMatchObject({ prompt: 'What is the band gap of silicon, in eV?', points: 2, correct_number: 1.12 });
    const xml = QuestionBankImportResponseSchema.parse(
      (await importFile(bandTheory, 'moodle_xml', sample('semiconductors.xml')).expect(200)).body,
    );
    expect(xml.imported).toBe(6);
    expect(xml.data.questions).toHaveLength(13);
    expect(xml.data.questions[7]).toMatchObject({ kind: 'SINGLE_CHOICE', prompt: 'Which gate is universal?' });
    expect(await readBank(bandTheory)).toEqual(xml.data);
    const list = QuestionBankListSchema.parse(
      (await t.http.get(`/api/quizzes/admin/courses/${courseId}/banks/`).set(bearer(admin)).expect(200)).body,
    ).data;
    expect(list.find((b) => b.id_slug === bandTheory)?.total_questions).toBe(13);
  });

  it('an export, in either format, imports into another bank as the same questions', async () => {
    const original = await readBank(bandTheory);
    expect(original.questions).toHaveLength(13);

    const gift = await exportFile(bandTheory, 'gift').expect(200);
    expect(gift.headers['content-type']).toMatch(/^text\/plain/);
    expect(gift.headers['content-disposition']).toBe('attachment; filename="band-theory.gift.txt"');
    const fromGift = await newBank('From GIFT');
    await importFile(fromGift, 'gift', gift.text).expect(200);
    expect(stripIds(await readBank(fromGift))).toEqual(stripIds(original));

    const xml = await exportFile(bandTheory, 'moodle_xml').expect(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="band-theory.xml"');
    const fromXml = await newBank('From XML');
    await importFile(fromXml, 'moodle_xml', xml.text.toString()).expect(200);
    expect(stripIds(await readBank(fromXml))).toEqual(stripIds(original));
  });

  it('a bad file imports nothing and names the line of every problem', async () => {
    const before = await readBank(bandTheory);
    const gift = await importFile(bandTheory, 'gift', sample('broken.gift')).expect(400);
    expect(gift.body).toEqual({
      message: QUIZ_IMPORT_FAILED_MESSAGE,
      errors: {
        'line 4': expect.stringMatching(/Expected/),
        'line 6': 'Matching questions are not supported.',
        'line 12': 'Mark exactly one option correct',
      },
    });
    const xml = await importFile(bandTheory, 'moodle_xml', sample('broken.xml')).expect(400);
    expect(xml.body.message).toBe(QUIZ_IMPORT_FAILED_MESSAGE);
    expect(Object.keys(xml.body.errors)).toEqual(['line 7', 'line 11']);
    const malformed = await importFile(bandTheory, 'moodle_xml', sample('malformed.xml')).expect(400);
    expect(Object.keys(malformed.body.errors)).toEqual(['line 4']);
    // Good questions before a bad one are not kept either.
    const half = await importFile(bandTheory, 'gift', 'Silicon is a semiconductor. {T}\n\nWhich gate? {~AND ~OR}\n').expect(400);
    expect(Object.keys(half.body.errors)).toEqual(['line 3']);
    await importFile(bandTheory, 'gift', '// only a comment\n').expect(400);
    expect(await readBank(bandTheory)).toEqual(before);
  });

  it('only the bank’s authors import and export: admins and instructors of a cohort taking the course, as for editing it', async () => {
    const before = await readBank(bandTheory);
    for (const who of [student, otherTeacher]) {
      await importFile(bandTheory, 'gift', 'Silicon is a semiconductor. {T}\n', who).expect(404);
      await exportFile(bandTheory, 'gift', who).expect(404);
      await exportFile(bandTheory, 'moodle_xml', who).expect(404);
      // The same refusal as the bank's editing calls.
      await t.http.get(`/api/quizzes/admin/banks/${bandTheory}/`).set(bearer(who)).expect(404);
    }
    expect(await readBank(bandTheory)).toEqual(before);
    const taught = QuestionBankImportResponseSchema.parse(
      (await importFile(bandTheory, 'gift', 'Silicon is a semiconductor. {T}\n', teacher).expect(200)).body,
    );
    expect(taught.data.questions).toHaveLength(before.questions.length + 1);
    await exportFile(bandTheory, 'gift', teacher).expect(200);
    await importFile('no-such-bank', 'gift', 'Silicon is a semiconductor. {T}\n').expect(404);
  });
});
