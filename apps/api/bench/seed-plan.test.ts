import { describe, expect, it } from 'vitest';
import { QUIZ_STUDENTS } from './quiz.scenarios';
import { scenarios } from './scenarios';
import { DEFAULT_SCHOOL } from './seed-school';
import { SMALL_SCHOOL, schoolFor } from './seed-plan';

const only = (part: string) => scenarios.filter((s) => s.name.includes(part));

describe('the school bench:api seeds for the chosen scenarios', () => {
  it('seeds the whole default school when a chosen scenario measures it (no --only, or the cohort view)', () => {
    expect(schoolFor(scenarios)).toEqual(DEFAULT_SCHOOL);
    expect(schoolFor(only('cohort view'))).toEqual(DEFAULT_SCHOOL);
  });

  it('seeds only what --only needs: the quiz its students, the admissions figures no student', () => {
    expect(schoolFor(only('quiz autosave'))).toEqual({ ...SMALL_SCHOOL, students: QUIZ_STUDENTS });
    expect(schoolFor(only('admissions'))).toEqual(SMALL_SCHOOL);
    expect(schoolFor([...only('quiz autosave'), ...only('bulk add')]).students).toBe(5_000);
  });

  it('takes --students over either plan', () => {
    expect(schoolFor(only('admissions'), 200)).toMatchObject({ students: 200, studentsWithProgress: 200, cohorts: 1 });
    expect(schoolFor(scenarios, 2_000)).toMatchObject({ students: 2_000, studentsWithProgress: 2_000, cohorts: 50 });
  });
});
