import { describe, expect, it } from 'vitest';
import { changed, type KeyOfQuestion, rescore } from './quiz-regrade';
import type { RegradeSession } from './quiz-tools.queries';

const key = { correct_boolean: null, correct_number: null, tolerance: null, accepted_answers: [] };

function session(): RegradeSession {
  return {
    id: '1',
    quiz_group_id: '1',
    id_slug: 's1',
    attempt_number: 1,
    cohort_id: '1',
    cohort_id_slug: 'c1',
    cohort_title: 'Autumn',
    lesson_title: 'Quiz',
    user_id: '1',
    student: { id_slug: 'u1', first_name: 'Ada', last_name: 'Lee', email: 'ada@example.com' },
    score: 6,
    max_score: 8,
    results_visible: true,
    questions: [
      {
        id_slug: 'num',
        kind: 'NUMERIC',
        points: 2,
        options: [],
        answer_key: { ...key, correct_number: 3.3, tolerance: 0 },
        answer_id: 'a1',
        answer: 3.25,
        awarded: 0,
      },
      {
        id_slug: 'one',
        kind: 'SINGLE_CHOICE',
        points: 2,
        options: [
          { key: 'x', is_correct: true },
          { key: 'y', is_correct: false },
        ],
        answer_key: key,
        answer_id: 'a2',
        answer: 'x',
        awarded: 2,
      },
      { id_slug: 'free', kind: 'FREE_TEXT', points: 4, options: [], answer_key: key, answer_id: 'a3', answer: 'text', awarded: 4 },
    ],
  };
}

describe('rescore', () => {
  it('with the stored keys changes nothing', () => {
    const r = rescore(session(), new Map());
    expect(r).toMatchObject({ score: 6, max_score: 8, answers: [] });
    expect(changed(r)).toBe(false);
  });

  it('a wider tolerance and a moved correct option change the points of those answers; free text keeps its hand-given points', () => {
    const keys = new Map<string, KeyOfQuestion>([
      ['num', { points: 2, options: [], answer_key: { ...key, correct_number: 3.3, tolerance: 0.1 } }],
      [
        'one',
        {
          points: 2,
          options: [
            { key: 'x', is_correct: false },
            { key: 'y', is_correct: true },
          ],
          answer_key: key,
        },
      ],
    ]);
    const r = rescore(session(), keys);
    expect(r.score).toBe(6);
    expect(r.answers).toEqual([
      { id: 'a1', points: 2 },
      { id: 'a2', points: 0 },
    ]);
    expect(changed(r)).toBe(true);
  });

  it('new points change the maximum', () => {
    const keys = new Map<string, KeyOfQuestion>([
      ['num', { points: 5, options: [], answer_key: { ...key, correct_number: 3.25, tolerance: 0 } }],
    ]);
    const r = rescore(session(), keys);
    expect(r).toMatchObject({ score: 11, max_score: 11 });
  });
});
