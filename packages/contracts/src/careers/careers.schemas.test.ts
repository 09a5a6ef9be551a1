import { describe, expect, it } from 'vitest';
import { careerClock, careerClockText, CreateJobApplicationSchema } from './careers.schemas';

describe('careerClock', () => {
  it('counts day 1 on the first day and the length on the last', () => {
    expect(careerClock('2026-11-01', '2026-12-30', '2026-11-01')).toMatchObject({ state: 'DURING', day: 1, length_days: 60 });
    expect(careerClock('2026-11-01', '2026-12-30', '2026-12-30')).toMatchObject({ state: 'DURING', day: 60 });
    expect(careerClock('2026-11-01', '2026-12-30', '2026-11-20').day).toBe(20);
  });
  it('has no day before the phase and stays at the last day once it ended', () => {
    expect(careerClock('2026-11-01', '2026-12-30', '2026-10-31')).toMatchObject({ state: 'BEFORE', day: null });
    expect(careerClock('2026-11-01', '2026-12-30', '2027-01-15')).toMatchObject({ state: 'ENDED', day: 60 });
  });
  it('crosses a month of 31 days and a daylight-free zone without drift', () => {
    expect(careerClock('2027-01-30', '2027-03-30', '2027-03-01').day).toBe(31);
  });
});

describe('CreateJobApplicationSchema', () => {
  it('says which field is missing and defaults the stage to Applied', () => {
    const r = CreateJobApplicationSchema.safeParse({ employer: ' ', role: '', applied_on: 'soon' });
    expect(r.success).toBe(false);
    const messages = Object.fromEntries(r.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      employer: 'Enter the employer',
      role: 'Enter the role',
      applied_on: 'Enter the date you applied',
    });
    expect(CreateJobApplicationSchema.parse({ employer: 'Intel', role: 'Technician', applied_on: '2026-11-02' })).toMatchObject({
      stage: 'APPLIED',
      note: '',
    });
  });
});

describe('careerClockText', () => {
  const asIs = (d: string) => d;
  it('reads the day of the phase, its start before it and its end after it', () => {
    expect(careerClockText(careerClock('2026-11-01', '2026-12-30', '2026-11-20'), asIs)).toBe('Day 20 of 60');
    expect(careerClockText(careerClock('2026-11-01', '2026-12-30', '2026-10-01'), asIs)).toBe('Career support starts on 2026-11-01');
    expect(careerClockText(careerClock('2026-11-01', '2026-12-30', '2027-01-01'), asIs)).toBe('Career support ended on 2026-12-30');
  });
});
