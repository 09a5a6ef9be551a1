import { SaveQuizSchema } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { moveQuestion, newQuestion, toPayload, type DraftQuiz } from './quiz-model';

const draft = (over: Partial<DraftQuiz> = {}): DraftQuiz => ({
  time_limit_minutes: '20',
  attempts_allowed: '2',
  pass_mark_percentage: '',
  shuffle_questions: false,
  shuffle_options: true,
  draw_count: '',
  questions: [],
  ...over,
});

describe('quiz editor model', () => {
  it('moves a question to the place of another', () => {
    const [a, b, c] = [newQuestion('NUMERIC'), newQuestion('FREE_TEXT'), newQuestion('TRUE_FALSE')];
    expect(moveQuestion([a, b, c], c.key, a.key).map((q) => q.key)).toEqual([c.key, a.key, b.key]);
    expect(moveQuestion([a, b, c], a.key, b.key).map((q) => q.key)).toEqual([b.key, a.key, c.key]);
  });

  it('turns the form into a valid save: numbers parsed, accepted answers one per line, keys only for their kind', () => {
    const numeric = { ...newQuestion('NUMERIC'), prompt: 'Vdd?', correct_number: '3,3', tolerance: '0.1' };
    const short = { ...newQuestion('SHORT_TEXT'), prompt: 'Name it', accepted_answers: 'Flip-flop\n\n flipflop ' };
    const single = newQuestion('SINGLE_CHOICE');
    single.prompt = 'Pick';
    single.options = single.options.map((o, i) => ({ ...o, text: `Option ${i}` }));
    const payload = toPayload(draft({ questions: [numeric, short, single] }));
    expect(payload).toMatchObject({ time_limit_minutes: 20, attempts_allowed: 2, pass_mark_percentage: null, draw_count: null });
    expect(payload.questions[0]).toMatchObject({ correct_number: 3.3, tolerance: 0.1, options: [], accepted_answers: [] });
    expect(payload.questions[1].accepted_answers).toEqual(['Flip-flop', 'flipflop']);
    expect(SaveQuizSchema.safeParse(payload).success).toBe(true);
  });

  it('a new choice question is refused until its options have text', () => {
    const payload = toPayload(draft({ questions: [{ ...newQuestion('SINGLE_CHOICE'), prompt: 'Pick' }] }));
    expect(SaveQuizSchema.safeParse(payload).success).toBe(false);
  });
});
