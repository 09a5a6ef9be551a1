import { describe, expect, it } from 'vitest';
import { ApplicationFormSchema, applicationOptionValues as o } from './application-options';

describe('application option values', () => {
  it('hold the spec’s lists', () => {
    expect(o.courses).toEqual(['Analog Design', 'Digital Design', 'Packaging']);
    expect(o.genders).toEqual(['Male', 'Female']);
    expect(o.ethnicities).toEqual(['Malay', 'Chinese', 'Indian', 'Other']);
    expect(o.maritalStatuses).toEqual(['Single', 'Married', 'Divorced', 'Widowed']);
    expect(o.ages).toEqual(Array.from({ length: 13 }, (_, i) => String(18 + i)));
    expect(o.birthDates).toHaveLength(31);
    expect(o.birthMonths).toHaveLength(12);
    expect(o.birthYears[0]).toBe('1990 or earlier');
    expect(o.birthYears.at(-1)).toBe('2010 or later');
    expect(o.birthYears).toHaveLength(21);
    expect(o.states).toHaveLength(16);
    expect(o.states).toEqual(expect.arrayContaining(['KUALA_LUMPUR', 'LABUAN', 'PUTRAJAYA']));
    expect(o.countriesOfStudy).toHaveLength(22);
    expect(o.countriesOfStudy).toEqual(expect.arrayContaining(['Malaysia', 'Others']));
    expect(o.highestQualifications).toEqual(['Diploma', 'Degree', "Master's & above"]);
    expect(o.fieldsOfStudy).toHaveLength(15);
    expect(o.graduationYears).toEqual(['2026 or later', ...Array.from({ length: 10 }, (_, i) => String(2025 - i)), '2015 or earlier']);
    expect(o.englishQualifications).toEqual(['IELTS', 'MUET', 'TOEFL iBT', 'CEFR', 'IB English']);
    expect(o.employmentTypes).toEqual(['Part-time', 'Full-time', 'Internship', 'None']);
    expect(o.leadershipTypes).toHaveLength(5);
  });

  it('give every English qualification its scores, IB English 1 to 7', () => {
    expect(o.englishScores['IB English']).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(o.englishScores.MUET[0]).toBe('1.0');
    expect(o.englishScores['TOEFL iBT']).toHaveLength(11);
    for (const q of o.englishQualifications) expect(o.englishScores[q]?.length, q).toBeGreaterThan(0);
  });

  it('let the form refuse a score of another qualification', () => {
    const scoreIssues = (english_score: string) =>
      (ApplicationFormSchema.safeParse({ english_qualification: 'CEFR', english_score }).error?.issues ?? [])
        .filter((i) => i.path[0] === 'english_score')
        .map((i) => i.message);
    expect(scoreIssues('7.0')).toEqual(['Please select a valid option']);
    expect(scoreIssues('B2')).toEqual([]);
  });
});
