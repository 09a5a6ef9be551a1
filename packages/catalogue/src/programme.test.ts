import { describe, expect, it } from 'vitest';
import { courseOptions } from './application-options';
import { getInitiative, initiatives, isApplicationOpen } from './initiatives';
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
    expect(thankYouCopy.confirmation).toContain('confirmation email is on its way');
  });
});

describe('initiatives', () => {
  it('are valid, and open and close by their dates', () => {
    for (const initiative of initiatives) expect(InitiativeSchema.safeParse(initiative).success).toBe(true);
    const y2025 = getInitiative('youth-programme-2025')!;
    const y2027 = getInitiative('youth-programme-2027')!;
    expect(y2025.title).toContain('2025');
    // In November 2026 the 2025 programme is closed and the 2027 intake is open.
    const nov2026 = new Date('2026-11-22T10:00:00+08:00');
    expect(isApplicationOpen(y2025, nov2026)).toBe(false);
    expect(isApplicationOpen(y2027, nov2026)).toBe(true);
    expect(isApplicationOpen(y2025, new Date('2025-07-01T00:00:00Z'))).toBe(true);
    expect(isApplicationOpen(y2027, new Date('2026-09-30T15:59:59Z'))).toBe(false);
    expect(isApplicationOpen(y2027, new Date('2026-09-30T16:00:00Z'))).toBe(true);
    expect(isApplicationOpen(y2027, new Date('2027-02-01T00:00:00+08:00'))).toBe(false);
    expect(getInitiative('missing')).toBeUndefined();
  });
});
