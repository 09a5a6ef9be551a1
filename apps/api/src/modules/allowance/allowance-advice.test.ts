import type { AllowanceTrace } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { monthAdvice } from './allowance-advice';

const trace = (over: {
  attendance?: Partial<AllowanceTrace['attendance']>;
  submissions?: Partial<AllowanceTrace['submissions']>;
  streak?: Partial<AllowanceTrace['absence_streak']>;
  logbook?: AllowanceTrace['logbook'];
}): AllowanceTrace => ({
  rule_version: { id_slug: 'v', effective_month: '2026-11' },
  paid_days: 30,
  days_in_month: 30,
  attendance: {
    result: 'PASS',
    attended: 0,
    counted: 0,
    percent: null,
    min_percent: 75,
    prorate_from_percent: 50,
    remaining: 0,
    sessions: [],
    ...over.attendance,
  },
  submissions: { result: 'PASS', due: 0, handed_in: 0, open: 0, items: [], ...over.submissions },
  absence_streak: { result: 'PASS', longest: 0, max_sessions: 3, sessions: [], ...over.streak },
  logbook: over.logbook,
  exceptions: [],
  formula: '',
});

describe('what would change a month still running', () => {
  it('names the sessions to attend to reach the least attendance', () => {
    // 5 of 7 is 71%; with 3 to come, 75% of 10 sessions is 7.5, so 8 attended: all 3 left.
    expect(monthAdvice(trace({ attendance: { result: 'PRORATE', attended: 5, counted: 7, percent: 71.4, remaining: 3 } }))).toEqual([
      '71%: attend 3 of the remaining 3 sessions',
    ]);
    // 5 of 7 with 5 to come: 75% of 12 is 9, so 4 of 5.
    expect(monthAdvice(trace({ attendance: { result: 'PRORATE', attended: 5, counted: 7, percent: 71.4, remaining: 5 } }))).toEqual([
      '71%: attend 4 of the remaining 5 sessions',
    ]);
  });

  it('says so when the least attendance can no longer be reached, and nothing when it is safe', () => {
    expect(monthAdvice(trace({ attendance: { result: 'WITHHOLD', attended: 1, counted: 6, percent: 16.7, remaining: 2 } }))).toEqual([
      '16%: 75% can no longer be reached this month',
    ]);
    // 8 of 8 with 2 to come: 75% of 10 is 8, already attended.
    expect(monthAdvice(trace({ attendance: { attended: 8, counted: 8, percent: 100, remaining: 2 } }))).toEqual([]);
    expect(monthAdvice(trace({ attendance: { result: 'OFF', attended: 0, counted: 4, percent: 0, remaining: 2 } }))).toEqual([]);
  });

  it('counts from no session yet', () => {
    expect(monthAdvice(trace({ attendance: { remaining: 4 } }))).toEqual(['No sessions yet: attend 3 of the remaining 4 sessions']);
  });

  it('lists open hand-ins with their closing time, missed ones, and a streak too long', () => {
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const earlier = new Date(Date.now() - 86_400_000).toISOString();
    const advice = monthAdvice(
      trace({
        submissions: {
          result: 'WITHHOLD',
          items: [
            { item_id_slug: 'a', title: 'Wafer map', closes_at: later, submitted_at: null },
            { item_id_slug: 'b', title: 'Lithography quiz', closes_at: earlier, submitted_at: null },
            { item_id_slug: 'c', title: 'Etch report', closes_at: earlier, submitted_at: earlier },
          ],
        },
        streak: { result: 'WITHHOLD', longest: 4 },
      }),
    );
    expect(advice).toEqual([
      expect.stringMatching(/^Hand in Wafer map by \w+day, \d+ \w+ \d{4} at \d\d:\d\d \(Malaysia time\)$/),
      'Lithography quiz was not handed in',
      '4 unexcused absences in a row (at most 3)',
    ]);
  });

  it('names the logbook weeks still to be signed and those that were not', () => {
    const week = (n: number, state: 'SIGNED' | 'UNSIGNED' | 'OPEN') => ({
      week: n,
      starts_on: '2026-11-02',
      ends_on: '2026-11-08',
      sign_by: '2026-11-15',
      state,
    });
    const logbook = {
      result: 'PRORATE' as const,
      due: 2,
      signed: 1,
      open: 1,
      weeks: [week(1, 'SIGNED'), week(2, 'UNSIGNED'), week(3, 'OPEN')],
    };
    expect(monthAdvice(trace({ logbook }))).toEqual([
      'Logbook week 2 was not signed in time',
      'Submit logbook week 3 so your supervisor can sign it by 15 Nov',
    ]);
    expect(monthAdvice(trace({ logbook: { ...logbook, result: 'OFF' } }))).toEqual([]);
  });
});
