import { describe, expect, it } from 'vitest';
import { latePolicyText, lateSubmitNotice } from './late-policy';

describe('late policy in words', () => {
  it('names the charge per day, the cap, or both', () => {
    expect(latePolicyText({ late_penalty_per_day: 10, late_score_cap: null })).toBe('−10% per day');
    expect(latePolicyText({ late_penalty_per_day: null, late_score_cap: 50 })).toBe('score capped at 50%');
    expect(latePolicyText({ late_penalty_per_day: 5, late_score_cap: 0 })).toBe('−5% per day, score capped at 0%');
    expect(latePolicyText({ late_penalty_per_day: null, late_score_cap: null })).toBeNull();
  });
  it('tells the student before handing in', () => {
    expect(lateSubmitNotice({ late_penalty_per_day: 10, late_score_cap: null })).toBe(
      'Submitted now, this will be marked late: −10% per day',
    );
    expect(lateSubmitNotice({ late_penalty_per_day: null, late_score_cap: null })).toBe('Submitted now, this will be marked late.');
  });
});
