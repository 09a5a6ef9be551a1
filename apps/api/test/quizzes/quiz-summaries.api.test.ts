import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuizSummaries1764000002800 } from '../../src/database/migrations/1764000002800-quiz-summaries';
import { buildCourse } from '../fixtures/learning.fixtures';
import { SIX_KINDS } from '../fixtures/quiz.fixtures';
import { bearer, createTestApp, createUser, type TestApp } from '../test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
});
afterAll(async () => t?.close());

const summary = async (lessonId: string) => (await t.ds.query(`SELECT quiz_group FROM lessons WHERE id = $1`, [lessonId]))[0].quiz_group;

describe('the quiz summaries migration', () => {
  it('makes each QUIZ lesson’s cached summary true to its quiz: the bank (or draw) and time limit, 0 with no quiz', async () => {
    const admin = await createUser(t, { role: 'ADMIN' });
    const course = await buildCourse(t, admin, {
      title: 'Summaries',
      modules: [
        {
          title: 'M',
          lessons: [
            { title: 'Banked', type: 'QUIZ' },
            { title: 'Drawn', type: 'QUIZ' },
            { title: 'Empty', type: 'QUIZ' },
            { title: 'Notes', type: 'READING' },
          ],
        },
      ],
    });
    const save = (title: string, draw: number | null) =>
      t.http
        .put(`/api/quizzes/admin/lessons/${course.lessons[title].id_slug}/`)
        .set(bearer(admin))
        .send({
          time_limit_minutes: 25,
          attempts_allowed: 1,
          pass_mark_percentage: null,
          shuffle_questions: false,
          shuffle_options: false,
          draw_count: draw,
          questions: SIX_KINDS,
        })
        .expect(200);
    await save('Banked', null);
    await save('Drawn', 4);
    const saved = await summary(course.lessons.Banked.id);
    // What an older school holds: the old demo seed's figures on every quiz lesson, bank or not.
    const stale = { total_questions: 10, time_limit_minutes: 20, instructions_files_urls: ['/files/brief.pdf'] };
    await t.ds.query(`UPDATE lessons SET quiz_group = $2 WHERE id = ANY($1::bigint[])`, [
      ['Banked', 'Drawn', 'Empty'].map((l) => course.lessons[l].id),
      JSON.stringify(stale),
    ]);

    const runner = t.ds.createQueryRunner();
    await new QuizSummaries1764000002800().up(runner);
    await runner.release();

    expect(await summary(course.lessons.Banked.id)).toEqual({ ...saved, instructions_files_urls: ['/files/brief.pdf'] });
    expect(await summary(course.lessons.Banked.id)).toMatchObject({ total_questions: SIX_KINDS.length, time_limit_minutes: 25 });
    expect(await summary(course.lessons.Drawn.id)).toMatchObject({ total_questions: 4, time_limit_minutes: 25 });
    expect(await summary(course.lessons.Empty.id)).toEqual({
      total_questions: 0,
      time_limit_minutes: null,
      instructions_files_urls: ['/files/brief.pdf'],
    });
    expect(await summary(course.lessons.Notes.id)).toBeNull();
  });
});
