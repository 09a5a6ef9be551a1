import { describe, expect, it } from 'vitest';
import {
  ageOptions,
  birthDateOptions,
  birthMonthOptions,
  birthYearOptions,
  countryOfStudyOptions,
  courseOptions,
  DEFAULT_ENGLISH_QUALIFICATION,
  employmentTypeOptions,
  englishQualificationOptions,
  englishScoreOptions,
  englishScoresFor,
  ethnicityOptions,
  fieldOfStudyOptions,
  genderOptions,
  graduationYearOptions,
  highestQualificationOptions,
  leadershipOptions,
  maritalStatusOptions,
  optionLabel,
  optionValues,
  qualificationTypeOptions,
  stateOptions,
  type Option,
} from './application-options';

const values = (list: readonly Option[]) => list.map((option) => option.value);
const labels = (list: readonly Option[]) => list.map((option) => option.label);
const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

describe('application option lists', () => {
  it('has the simple lists exactly', () => {
    expect(values(courseOptions)).toEqual(['Analog Design', 'Digital Design', 'Packaging']);
    expect(values(genderOptions)).toEqual(['Male', 'Female']);
    expect(values(ethnicityOptions)).toEqual(['Malay', 'Chinese', 'Indian', 'Other']);
    expect(values(maritalStatusOptions)).toEqual(['Single', 'Married', 'Divorced', 'Widowed']);
    expect(values(highestQualificationOptions)).toEqual(['Diploma', 'Degree', "Master's & above"]);
    expect(values(employmentTypeOptions)).toEqual(['Part-time', 'Full-time', 'Internship', 'None']);
    expect(values(leadershipOptions)).toEqual([
      'Voluntary or non-profit service',
      'Social or community sports groups',
      'Student bodies or clubs',
      'Mentorship programmes',
      'None',
    ]);
  });

  it('offers ages 18 to 30 and birth dates 1 to 31', () => {
    expect(values(ageOptions)).toEqual(numbers(18, 30));
    expect(values(birthDateOptions)).toEqual(numbers(1, 31));
  });

  it('offers the twelve month names', () => {
    expect(values(birthMonthOptions)).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
  });

  it('offers birth years from 1990 or earlier to 2010 or later', () => {
    expect(values(birthYearOptions)).toEqual(['1990 or earlier', ...numbers(1991, 2009), '2010 or later']);
    expect(birthYearOptions).toHaveLength(21);
  });

  it('offers graduation years from 2026 or later down to 2015 or earlier', () => {
    expect(values(graduationYearOptions)).toEqual([
      '2026 or later',
      '2025',
      '2024',
      '2023',
      '2022',
      '2021',
      '2020',
      '2019',
      '2018',
      '2017',
      '2016',
      '2015 or earlier',
    ]);
  });

  it('lists the 13 states and 3 federal territories with uppercase ids', () => {
    expect(stateOptions).toHaveLength(16);
    for (const state of stateOptions) {
      expect(state.id).toMatch(/^[A-Z_]+$/);
      expect(state.value).toBe(state.id);
    }
    expect(labels(stateOptions)).toEqual(expect.arrayContaining(['Johor', 'Penang', 'Sabah', 'Sarawak', 'Selangor']));
    expect(labels(stateOptions.slice(-3))).toEqual(['Kuala Lumpur', 'Labuan', 'Putrajaya']);
    expect(new Set(values(stateOptions)).size).toBe(16);
  });

  it('has 22 countries of study including Malaysia and Others', () => {
    expect(countryOfStudyOptions).toHaveLength(22);
    expect(values(countryOfStudyOptions)[0]).toBe('Malaysia');
    expect(values(countryOfStudyOptions).at(-1)).toBe('Others');
    expect(new Set(values(countryOfStudyOptions)).size).toBe(22);
  });

  it('has 15 fields of study and a long list of qualification types ending with Others', () => {
    expect(fieldOfStudyOptions).toHaveLength(15);
    expect(new Set(values(fieldOfStudyOptions)).size).toBe(15);
    const types = values(qualificationTypeOptions);
    expect(types.length).toBeGreaterThan(20);
    expect(types.some((type) => type.startsWith('Bachelor of'))).toBe(true);
    expect(types.some((type) => type.startsWith('Master of'))).toBe(true);
    expect(types.at(-1)).toBe('Others');
    expect(new Set(types).size).toBe(types.length);
  });
});

describe('English qualifications and scores', () => {
  it('lists IELTS (the default), MUET, TOEFL iBT, CEFR and IB English', () => {
    expect(labels(englishQualificationOptions)).toEqual(['IELTS', 'MUET', 'TOEFL iBT', 'CEFR', 'IB English']);
    expect(DEFAULT_ENGLISH_QUALIFICATION).toBe('IELTS');
    expect(englishQualificationOptions[0].value).toBe(DEFAULT_ENGLISH_QUALIFICATION);
  });

  it('keys every score list by the exact qualification id, so each one shows scores', () => {
    expect(Object.keys(englishScoreOptions).sort()).toEqual(englishQualificationOptions.map((option) => option.id).sort());
    for (const option of englishQualificationOptions) {
      expect(option.value).toBe(option.id);
      expect(englishScoresFor(option.id).length, option.id).toBeGreaterThan(0);
    }
  });

  it('has the score lists of each qualification', () => {
    expect(values(englishScoresFor('IELTS'))).toEqual(['4.0', '4.5', '5.0', '5.5', '6.0', '6.5', '7.0', '7.5', '8.0', '8.5', '9.0']);
    expect(values(englishScoresFor('MUET'))).toEqual(['1.0', '1.5', '2.0', '2.5', '3.0', '3.5', '4.0', '4.5', '5.0', '5.5', '6.0']);
    const toefl = values(englishScoresFor('TOEFL iBT'));
    expect(toefl).toHaveLength(11);
    expect(toefl[0]).toBe('0-31');
    expect(toefl.at(-1)).toBe('118-120');
    expect(values(englishScoresFor('CEFR'))).toEqual(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']);
    expect(values(englishScoresFor('IB English'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('gives the TOEFL iBT bands contiguous ranges from 0 to 120', () => {
    const bands = values(englishScoresFor('TOEFL iBT')).map((band) => band.split('-').map(Number));
    expect(bands[0][0]).toBe(0);
    expect(bands.at(-1)![1]).toBe(120);
    for (let i = 1; i < bands.length; i += 1) expect(bands[i][0]).toBe(bands[i - 1][1] + 1);
  });

  it('answers an empty list for an unknown qualification, including a wrongly cased id', () => {
    expect(englishScoresFor('ib english')).toEqual([]);
    expect(englishScoresFor('')).toEqual([]);
  });
});

describe('option helpers', () => {
  it('returns values as a non-empty tuple and finds labels', () => {
    expect(optionValues(genderOptions)).toEqual(['Male', 'Female']);
    expect(optionLabel(stateOptions, 'KUALA_LUMPUR')).toBe('Kuala Lumpur');
    expect(optionLabel(stateOptions, 'ATLANTIS')).toBe('ATLANTIS');
    expect(() => optionValues([])).toThrow();
  });
});
