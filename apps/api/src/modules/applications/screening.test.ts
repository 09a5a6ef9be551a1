import { highestQualificationOptions } from '@school/catalogue/data';
import { describe, expect, it } from 'vitest';
import { screen } from './screening';

/** The 2027 intake's first cohort starts on 1 March 2027; the applicant applies on 28 November 2026. */
const REF = '2027-03-01';
const APPLIED = new Date('2026-11-28T04:00:00Z');
const eligible = {
  age: '25',
  dobYear: '2001',
  dobMonth: 'March',
  dobDate: '14',
  highest_qualification: 'Degree',
  grad_year: '2024',
  prev_employment: 'None',
  employment_details: '',
  can_participate: 'true',
  is_citizen: 'true',
} as const;
const run = (o: Partial<Record<keyof typeof eligible, string>> = {}) =>
  screen({ ...eligible, ...o } as Parameters<typeof screen>[0], REF, APPLIED);

describe('screen', () => {
  it('flags every rule an eligible applicant meets, each with the answer that decided it', () => {
    const r = run();
    expect(r.flags).toEqual({
      age_30_or_below: true,
      diploma_or_degree: true,
      unemployed: true,
      can_participate: true,
      malaysian_citizen: true,
    });
    expect(r.basis).toEqual({
      age_30_or_below: 'Born 14 March 2001: 25 on 1 March 2027',
      diploma_or_degree: 'Degree, graduation year 2024',
      unemployed: 'Previous employment: None',
      can_participate: 'Able to take part full time: Yes',
      malaysian_citizen: 'Malaysian citizen: Yes',
    });
    expect(r.warnings).toEqual([]);
  });

  it('takes the age from the date of birth on the reference date, not from the age picked', () => {
    // Born in 1990, picked 25: 36 on the reference date.
    const r = run({ dobYear: '1990 or earlier', dobMonth: 'January', dobDate: '1' });
    expect(r.flags.age_30_or_below).toBe(false);
    expect(r.basis.age_30_or_below).toBe('Born in 1990 or earlier: at least 36 on 1 March 2027');
    // 30 when applying, 31 by the cohort's start: not met.
    const turning = run({ age: '30', dobYear: '1996', dobMonth: 'January', dobDate: '10' });
    expect(turning.flags.age_30_or_below).toBe(false);
    expect(turning.basis.age_30_or_below).toBe('Born 10 January 1996: 31 on 1 March 2027');
    expect(turning.warnings).toEqual([]);
    // The day before the 31st birthday is still 30.
    expect(run({ age: '30', dobYear: '1996', dobMonth: 'March', dobDate: '2' }).flags.age_30_or_below).toBe(true);
    expect(run({ age: '18', dobYear: '2010 or later' }).flags.age_30_or_below).toBe(true);
  });

  it('warns when the age picked matches neither the age when applying nor on the reference date', () => {
    expect(run({ age: '24' }).warnings).toEqual([
      'The age picked (24) does not match the date of birth (14 March 2001: 25 when applying, 25 on 1 March 2027)',
    ]);
    // 24 when applying, 25 by the start: either is honest.
    expect(run({ age: '24', dobMonth: 'February', dobDate: '1', dobYear: '2002' }).warnings).toEqual([]);
    expect(run({ dobMonth: 'February', dobDate: '30' }).warnings[0]).toBe('The date of birth 30 February 2001 does not exist');
  });

  it('derives the qualification from the graduation year against the reference date', () => {
    expect(run({ grad_year: '2026 or later' }).flags.diploma_or_degree).toBeNull();
    expect(run({ grad_year: '2026 or later' }).basis.diploma_or_degree).toBe(
      'Degree, graduation year 2026 or later: may be after the programme starts',
    );
    expect(run({ grad_year: '2015 or earlier' }).flags.diploma_or_degree).toBe(true);
    // The 2025 intake started on 1 September 2025: a 2026 graduate does not hold the degree by then.
    expect(screen({ ...eligible, grad_year: '2026 or later' }, '2025-09-01', APPLIED).flags.diploma_or_degree).toBe(false);
    for (const o of highestQualificationOptions) expect(run({ highest_qualification: o.value }).flags.diploma_or_degree).toBe(true);
    expect(run({ highest_qualification: 'SPM' }).flags.diploma_or_degree).toBe(false);
  });

  it('derives unemployment from the previous employment and its details', () => {
    expect(run({ prev_employment: 'Internship' }).flags.unemployed).toBe(true);
    const job = run({ prev_employment: 'Full-time', employment_details: 'Process engineer, 2022 to 2024.' });
    expect(job.flags.unemployed).toBeNull();
    expect(job.basis.unemployed).toBe('Previous employment: Full-time: whether it goes on is not asked');
    const current = run({ prev_employment: 'Part-time', employment_details: 'Currently a part-time tutor.' });
    expect(current.flags.unemployed).toBe(false);
    expect(current.basis.unemployed).toBe('Previous employment: Part-time, details: “Currently a part-time tutor.”');
  });

  it('flags each declaration not made on its own', () => {
    expect(run({ can_participate: 'false' }).flags.can_participate).toBe(false);
    expect(run({ is_citizen: 'false' }).flags.malaysian_citizen).toBe(false);
    expect(run({ is_citizen: 'false' }).basis.malaysian_citizen).toBe('Malaysian citizen: No');
  });
});
