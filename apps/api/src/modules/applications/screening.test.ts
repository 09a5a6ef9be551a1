import { highestQualificationOptions } from '@school/catalogue/data';
import { describe, expect, it } from 'vitest';
import { screen } from './screening';

const eligible = { age: '30', highest_qualification: 'Degree', can_participate: 'true', is_citizen: 'true' } as const;

describe('screen', () => {
  it('flags every rule an eligible applicant meets, and leaves current employment to the admin', () => {
    expect(screen(eligible)).toEqual({
      age_30_or_below: true,
      diploma_or_degree: true,
      unemployed: null,
      can_participate: true,
      malaysian_citizen: true,
    });
  });

  it('flags each rule not met on its own', () => {
    expect(screen({ ...eligible, age: '31' }).age_30_or_below).toBe(false);
    expect(screen({ ...eligible, can_participate: 'false' }).can_participate).toBe(false);
    expect(screen({ ...eligible, is_citizen: 'false' }).malaysian_citizen).toBe(false);
    expect(screen({ ...eligible, highest_qualification: 'SPM' }).diploma_or_degree).toBe(false);
  });

  it('counts every qualification the form offers as a diploma or degree', () => {
    for (const o of highestQualificationOptions)
      expect(screen({ ...eligible, highest_qualification: o.value }).diploma_or_degree).toBe(true);
  });
});
