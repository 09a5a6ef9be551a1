import { describe, expect, it } from 'vitest';
import { coachReach, toggleTrainee } from './coach-trainees';

const a = { id_slug: 'a', first_name: 'Aisyah', last_name: 'T', email: 'a@example.com' };
const b = { id_slug: 'b', first_name: 'Bala', last_name: 'T', email: 'b@example.com' };

describe('choosing trainees for a coach', () => {
  it('adds a trainee once, keeps the order of choosing, and a second tick takes them out', () => {
    const one = toggleTrainee([], b);
    const two = toggleTrainee(one, { ...a, extra: true } as typeof a);
    expect(two).toEqual([b, a]);
    expect(toggleTrainee(two, b)).toEqual([a]);
  });

  it('says whom the coach follows', () => {
    expect(coachReach(0, 'Cohort A')).toBe('the whole of Cohort A');
    expect(coachReach(1, 'Cohort A')).toBe('1 trainee of Cohort A');
    expect(coachReach(2, 'Cohort A')).toBe('2 trainees of Cohort A');
  });
});
