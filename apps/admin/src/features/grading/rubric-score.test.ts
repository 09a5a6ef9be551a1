import { describe, expect, it } from 'vitest';
import { queueStep, rubricTotals, stepIndex } from './rubric-score';

const rubric = [
  {
    id: 'rtl',
    title: 'RTL',
    levels: [
      { title: 'Weak', points: 0 },
      { title: 'Good', points: 6 },
      { title: 'Excellent', points: 10 },
    ],
  },
  {
    id: 'tb',
    title: 'Testbench',
    levels: [
      { title: 'Missing', points: 0 },
      { title: 'Complete', points: 5 },
    ],
  },
];

describe('rubricTotals', () => {
  it('adds the chosen levels over each criterion’s best level', () => {
    const totals = rubricTotals(rubric, [
      { criterion_id: 'rtl', level_index: 1, comment: '' },
      { criterion_id: 'tb', level_index: 1, comment: '' },
    ]);
    expect(totals).toEqual({ points: 11, max: 15, scored: 2, grade: 73.33 });
  });
  it('gives no grade until every criterion is scored', () => {
    expect(rubricTotals(rubric, [{ criterion_id: 'rtl', level_index: 2, comment: '' }])).toEqual({
      points: 10,
      max: 15,
      scored: 1,
      grade: null,
    });
    expect(rubricTotals([], []).grade).toBeNull();
  });
});

describe('queue navigation', () => {
  it('steps within the queue and stops at its ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(-1, 1, 0)).toBe(-1);
  });
  it('takes j/k outside text fields and Alt+arrows anywhere', () => {
    const press = (key: string, altKey = false) => ({ key, altKey, ctrlKey: false, metaKey: false });
    expect(queueStep(press('j'), false)).toBe(1);
    expect(queueStep(press('k'), false)).toBe(-1);
    expect(queueStep(press('j'), true)).toBeNull();
    expect(queueStep(press('ArrowDown', true), true)).toBe(1);
    expect(queueStep(press('ArrowUp', true), false)).toBe(-1);
    expect(queueStep(press('ArrowDown'), false)).toBeNull();
  });
});
