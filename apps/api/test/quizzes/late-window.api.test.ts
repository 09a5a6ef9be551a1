import { QUIZ_NOT_OPEN_MESSAGE, QuizAttemptsResponseSchema, QuizAttemptResponseSchema } from '@school/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorQuiz, gradedCohort, isoHours, rightAnswers, setGradeItem } from '../fixtures/grade-item.fixtures';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../test-app';

/**
 * A quiz started in its late window (after the deadline, before the late deadline) is a real
 * attempt: it runs until the late deadline (or its time limit), takes answers and is handed in,
 * marked late. It used to get the past deadline as its own, so it was over, and its attempt
 * spent, the moment it began.
 */
let t: TestApp;
let admin: TestUser;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMITS: 'true' });
  admin = await createUser(t, { role: 'ADMIN' });
});
afterAll(async () => t?.close());

async function lateQuiz(quiz: Record<string, unknown>, item: Record<string, unknown>) {
  const student = await createUser(t);
  const g = await gradedCohort(t, admin, `Late window ${++n}`, [student]);
  if (Object.keys(quiz).length) {
    await authorQuiz(t, admin, g.quiz, quiz);
  }
  await setGradeItem(t, admin, g.cohort.id_slug, g.quiz, { grade_percentage: 100, ...item });
  const base = `/api/quizzes/cohorts/${g.cohort.id_slug}/lessons/${g.quiz}`;
  return {
    student,
    start: () => t.http.post(`${base}/start/`).set(bearer(student)),
    attempts: async () => QuizAttemptsResponseSchema.parse((await t.http.get(`${base}/attempts/`).set(bearer(student)).expect(200)).body),
    session: async (id: string) =>
      QuizAttemptResponseSchema.parse((await t.http.get(`/api/quizzes/sessions/${id}/`).set(bearer(student)).expect(200)).body).data,
  };
}

// Each test builds its own cohort through the API, as staff would: slow on a busy machine, hence the timeouts.
describe('a quiz started in its late window', { timeout: 120_000 }, () => {
  it('runs until the late deadline, takes answers and is handed in late, spending one attempt', async () => {
    const late = isoHours(3);
    const q = await lateQuiz({}, { deadline_datetime: isoHours(-2), late_deadline_datetime: late });
    expect((await q.attempts()).start_is_late).toBe(true);
    const id = (await q.start().expect(200)).body.session_id_slug as string;
    const open = await q.session(id);
    expect(open.status).toBe('OPEN');
    expect(Date.parse(open.deadline_at!)).toBe(Date.parse(late));
    await t.http
      .put(`/api/quizzes/sessions/${id}/answers/`)
      .set(bearer(q.student))
      .send({ answers: rightAnswers(open.questions) })
      .expect(200);
    await t.http.post(`/api/quizzes/sessions/${id}/submit/`).set(bearer(q.student)).expect(200);
    const after = await q.attempts();
    expect(after).toMatchObject({ attempts_used: 1, attempts_allowed: 1 });
    expect(after.data).toMatchObject([{ status: 'SUBMITTED', is_late: true }]);
  });

  it('keeps its time limit when that ends sooner than the late deadline', async () => {
    const q = await lateQuiz({ time_limit_minutes: 30 }, { deadline_datetime: isoHours(-2), late_deadline_datetime: isoHours(3) });
    const before = Date.now();
    const id = (await q.start().expect(200)).body.session_id_slug as string;
    const ends = Date.parse((await q.session(id)).deadline_at!);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 60_000 - 5_000);
    expect(ends).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 5_000);
  });

  it('cannot be started once the late deadline has passed', async () => {
    const q = await lateQuiz({}, { deadline_datetime: isoHours(-5), late_deadline_datetime: isoHours(-1) });
    expect((await q.start().expect(422)).body.message).toBe(QUIZ_NOT_OPEN_MESSAGE);
    expect((await q.attempts()).attempts_used).toBe(0);
  });
});
