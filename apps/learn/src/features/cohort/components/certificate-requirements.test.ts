import { describe, expect, it } from 'vitest';
import { missingRequirements } from './certificate-requirements';

const met = {
  lessons_percent: 100,
  min_lessons_percent: 100,
  require_mandatory_graded: true,
  missing_mandatory: 0,
  weighted_total: 75,
  min_weighted_total: 50,
};

describe('missingRequirements', () => {
  it('lists nothing when every rule is met', () => {
    expect(missingRequirements(met)).toEqual([]);
    expect(missingRequirements({ ...met, weighted_total: null })).toEqual([]);
    expect(missingRequirements({ ...met, require_mandatory_graded: false, missing_mandatory: 2 })).toEqual([]);
  });

  it('lists each unmet rule with where the student stands', () => {
    expect(missingRequirements({ ...met, lessons_percent: 83.33, missing_mandatory: 2, weighted_total: 48.5 })).toEqual([
      'Complete every lesson (83.33% done)',
      '2 mandatory grade items still to be graded',
      'Reach a weighted total of 50% (now 48.5%)',
    ]);
    expect(missingRequirements({ ...met, min_lessons_percent: 80, lessons_percent: 50, missing_mandatory: 1 })).toEqual([
      'Complete 80% of the lessons (50% done)',
      '1 mandatory grade item still to be graded',
    ]);
  });
});
