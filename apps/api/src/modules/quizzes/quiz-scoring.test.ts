import { describe, expect, it } from 'vitest';
import { drawQuestions, normaliseText, scoreAnswer, type ScoredQuestion, shuffled } from './quiz-scoring';

const base: ScoredQuestion = {
  kind: 'SINGLE_CHOICE',
  points: 2,
  options: [],
  correct_boolean: null,
  correct_number: null,
  tolerance: null,
  accepted_answers: [],
};
const opts = (...correct: boolean[]) => correct.map((is_correct, i) => ({ key: `o${i}`, is_correct }));

describe('scoreAnswer', () => {
  it('single choice: the one correct option earns the points, any other nothing', () => {
    const q = { ...base, options: opts(false, true, false) };
    expect(scoreAnswer(q, 'o1')).toBe(2);
    expect(scoreAnswer(q, 'o0')).toBe(0);
    expect(scoreAnswer(q, ['o1'])).toBe(0);
    expect(scoreAnswer(q, null)).toBe(0);
  });

  it('multiple choice: exactly the correct set, in any order', () => {
    const q = { ...base, kind: 'MULTIPLE_CHOICE' as const, options: opts(true, false, true) };
    expect(scoreAnswer(q, ['o2', 'o0'])).toBe(2);
    expect(scoreAnswer(q, ['o0'])).toBe(0);
    expect(scoreAnswer(q, ['o0', 'o1', 'o2'])).toBe(0);
    expect(scoreAnswer(q, ['o0', 'o0', 'o2', 'o2'])).toBe(2);
    expect(scoreAnswer(q, 'o0')).toBe(0);
  });

  it('true or false', () => {
    const q = { ...base, kind: 'TRUE_FALSE' as const, correct_boolean: false };
    expect(scoreAnswer(q, false)).toBe(2);
    expect(scoreAnswer(q, true)).toBe(0);
    expect(scoreAnswer(q, 'false')).toBe(0);
  });

  it('numeric: right within the tolerance either side, wrong beyond it', () => {
    const q = { ...base, kind: 'NUMERIC' as const, correct_number: 3.3, tolerance: 0.1 };
    expect(scoreAnswer(q, 3.3)).toBe(2);
    expect(scoreAnswer(q, 3.2)).toBe(2);
    expect(scoreAnswer(q, 3.4)).toBe(2);
    expect(scoreAnswer(q, 3.41)).toBe(0);
    expect(scoreAnswer(q, 3.19)).toBe(0);
    expect(scoreAnswer(q, '3.3')).toBe(0);
    expect(scoreAnswer({ ...q, tolerance: null }, 3.3)).toBe(2);
    expect(scoreAnswer({ ...q, tolerance: null }, 3.31)).toBe(0);
  });

  it('short text: any accepted answer, case-insensitive, spaces trimmed and collapsed', () => {
    const q = { ...base, kind: 'SHORT_TEXT' as const, accepted_answers: ['Flip-flop', 'D flip flop'] };
    expect(scoreAnswer(q, 'flip-FLOP')).toBe(2);
    expect(scoreAnswer(q, '  d   Flip flop ')).toBe(2);
    expect(scoreAnswer(q, 'latch')).toBe(0);
    expect(scoreAnswer(q, '')).toBe(0);
  });

  it('free text waits for a person', () => {
    expect(scoreAnswer({ ...base, kind: 'FREE_TEXT' }, 'An essay')).toBeNull();
  });

  it('normalises text', () => {
    expect(normaliseText('  MOS\tFET  ')).toBe('mos fet');
  });
});

describe('drawQuestions', () => {
  const bank = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, option_keys: [`${id}1`, `${id}2`, `${id}3`] }));
  const seq = (...values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length];
  };

  it('keeps the bank and its options in order without shuffling or drawing', () => {
    const d = drawQuestions(bank, { shuffle_questions: false, shuffle_options: false, draw_count: null }, Math.random);
    expect(d.question_ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(d.option_orders.a).toEqual(['a1', 'a2', 'a3']);
  });

  it('draws N distinct questions of the bank', () => {
    for (let i = 0; i < 20; i++) {
      const d = drawQuestions(bank, { shuffle_questions: false, shuffle_options: false, draw_count: 3 }, Math.random);
      expect(d.question_ids).toHaveLength(3);
      expect(new Set(d.question_ids).size).toBe(3);
      // Without shuffling, the drawn ones keep the bank's order.
      expect([...d.question_ids].sort()).toEqual(d.question_ids);
    }
  });

  it('shuffles questions and options with the random source', () => {
    const d = drawQuestions(bank, { shuffle_questions: true, shuffle_options: true, draw_count: null }, seq(0));
    expect(d.question_ids).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(d.option_orders.a).toEqual(['a2', 'a3', 'a1']);
  });

  it('shuffled keeps every item', () => {
    expect(shuffled([1, 2, 3, 4], Math.random).sort()).toEqual([1, 2, 3, 4]);
  });
});
