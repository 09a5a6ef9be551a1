import { describe, expect, it } from 'vitest';
import { computedText, lateText } from './computed-grade';

describe('computedText', () => {
  it('names the computed grade before and after a late penalty', () => {
    expect(computedText({ user_grade: 50, original_grade: 80, days_late: 3 })).toBe('80, 50 after the late penalty (3 days late)');
    expect(computedText({ user_grade: 70, original_grade: 80, days_late: 1 })).toBe('80, 70 after the late penalty (1 day late)');
  });
  it('gives one grade when nothing was charged, and says when there is none yet', () => {
    expect(computedText({ user_grade: 80, original_grade: 80, days_late: 0 })).toBe('80');
    expect(computedText({ user_grade: null, original_grade: null, days_late: 0 })).toBe('none yet');
  });
});

describe('lateText', () => {
  it('is only for a charged grade', () => {
    expect(lateText({ user_grade: 50, original_grade: 80, days_late: 3 })).toBe('80 before the late penalty (3 days late)');
    expect(lateText({ user_grade: 80, original_grade: 80, days_late: 0 })).toBeNull();
  });
});
