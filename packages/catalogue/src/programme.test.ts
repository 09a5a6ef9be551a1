import { describe, expect, it } from 'vitest';
import { courseOptions } from './application-options';
import { getInitiative, initiatives } from './initiatives';
import { faq, jobRoles, programme, programmeCourses, thankYouCopy } from './programme';
import { InitiativeSchema } from './schemas';

describe('youth programme', () => {
  it('states the programme facts', () => {
    expect(programme.fee).toBe('Free');
    expect(programme.allowance.label).toBe('RM 2,500');
    expect(programme.allowance.amount).toBe(2500);
    expect(programme.durationMonths).toBe(4);
    expect(programme.onTheJobTrainingWeeks).toBe(16);
    expect(programme.careerSupportDays).toBe(60);
    expect(programme.firstCohortStartLabel).toBe('1 September 2025');
    expect(programme.maxAge).toBe(30);
  });

  it('lists exactly 20 distinct job roles', () => {
    expect(jobRoles).toHaveLength(20);
    expect(new Set(jobRoles.map((role) => role.title)).size).toBe(20);
  });

  it('offers the three programme courses, matching the application course options', () => {
    expect(programmeCourses.map((course) => course.title)).toEqual(['Analog Design', 'Digital Design', 'Packaging']);
    expect(programmeCourses.map((course) => course.value)).toEqual(courseOptions.map((option) => option.value));
    for (const course of programmeCourses) expect(course.covers.length).toBeGreaterThanOrEqual(3);
  });

  it('has an FAQ with exactly 4 categories of several questions each', () => {
    expect(faq).toHaveLength(4);
    expect(new Set(faq.map((category) => category.id)).size).toBe(4);
    for (const category of faq) expect(category.items.length, category.title).toBeGreaterThanOrEqual(3);
  });

  it('tells applicants the result within 2-3 weeks in the FAQ and 1-2 weeks on the thank-you page', () => {
    const answers = faq.flatMap((category) => category.items.map((item) => item.answer));
    expect(answers.some((answer) => answer.includes('2-3 weeks'))).toBe(true);
    expect(thankYouCopy.message).toContain('1-2 weeks');
  });
});

describe('initiatives', () => {
  it('has the open youth programme 2025 initiative', () => {
    for (const initiative of initiatives) expect(InitiativeSchema.safeParse(initiative).success).toBe(true);
    const youth = getInitiative('youth-programme-2025');
    expect(youth?.application_open).toBe(true);
    expect(youth?.title).toContain('2025');
    expect(getInitiative('missing')).toBeUndefined();
  });
});
