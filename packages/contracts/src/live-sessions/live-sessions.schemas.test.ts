import { describe, expect, it } from 'vitest';
import {
  attendanceForecast,
  CHECK_IN_LATE_MINUTES,
  importedReason,
  importedStatus,
  MonthSchema,
  SaveLiveSessionSchema,
  sessionsNeeded,
  type StudentAttendance,
  thresholdMinutes,
} from './live-sessions.schemas';

const figures = (attended: number, counted: number, remaining: number): StudentAttendance => ({
  overall: { attended, counted, percent: counted ? Math.round((1000 * attended) / counted) / 10 : null },
  this_month: { attended: 0, counted: 0, percent: null },
  remaining,
  threshold_percent: 75,
});

describe('what a trainee needs to reach the attendance threshold', () => {
  it('counts the fewest remaining sessions that bring the whole to 75%', () => {
    // 4 of 5 attended, 3 to come: 6 of 8 is 75%.
    expect(sessionsNeeded(figures(4, 5, 3))).toBe(2);
    expect(attendanceForecast(figures(4, 5, 3))).toBe('Attend 2 of the remaining 3 sessions to reach 75%.');
    // Exactly on the line counts as reaching it: 3 of 4.
    expect(sessionsNeeded(figures(2, 3, 1))).toBe(1);
    expect(attendanceForecast(figures(2, 3, 1))).toBe('Attend the last session to reach 75%.');
    expect(attendanceForecast(figures(1, 2, 2))).toBe('Attend all 2 remaining sessions to reach 75%.');
  });

  it('says when the trainee is safe whatever happens, and when it can no longer be reached', () => {
    expect(sessionsNeeded(figures(9, 9, 3))).toBe(0);
    expect(attendanceForecast(figures(9, 9, 3))).toBe('You stay at or above 75% even if you miss the 3 sessions left; keep attending.');
    expect(sessionsNeeded(figures(1, 6, 2))).toBeNull();
    expect(attendanceForecast(figures(1, 6, 2))).toBe(
      'Even attending all 2 sessions left, you stay below 75%. Talk to your facilitator about what can be done.',
    );
  });

  it('with nothing left to attend, says where the trainee finishes', () => {
    expect(attendanceForecast(figures(3, 4, 0))).toBe('No mandatory session is left to attend: you finish at or above 75%.');
    expect(attendanceForecast(figures(2, 4, 0))).toBe('No mandatory session is left to attend: you finish below 75%.');
    expect(attendanceForecast(figures(0, 0, 0))).toBe('No mandatory session is left to attend: you finish at or above 75%.');
    // Nothing counted yet, all to come: three of four is enough.
    expect(sessionsNeeded(figures(0, 0, 4))).toBe(3);
  });
});

describe('the month of a register', () => {
  it('is YYYY-MM with a real month', () => {
    for (const ok of ['2026-01', '2026-10', '2026-12']) expect(MonthSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-10', '2026-10-01', ''])
      expect(MonthSchema.safeParse(bad).success, bad).toBe(false);
  });
});

describe("the session's rule for an imported report", () => {
  const rule = {
    starts_at: '2025-09-10T01:00:00.000Z',
    threshold_minutes: thresholdMinutes(60, 75),
    late_after_minutes: CHECK_IN_LATE_MINUTES,
  };
  const after = (m: number) => new Date(Date.parse(rule.starts_at) + m * 60_000).toISOString();

  it('asks for the threshold share of the duration, rounded up, 75% unless the session says otherwise', () => {
    expect(rule.threshold_minutes).toBe(45);
    expect(thresholdMinutes(50, 75)).toBe(38);
    expect(
      SaveLiveSessionSchema.parse({
        title: 'A',
        starts_at: rule.starts_at,
        duration_minutes: 60,
        mode: 'ON_SITE',
        place: 'Lab',
        mandatory: true,
      }),
    ).toMatchObject({ attendance_threshold_percent: 75 });
    expect(
      SaveLiveSessionSchema.safeParse({
        title: 'A',
        starts_at: rule.starts_at,
        duration_minutes: 60,
        mode: 'ON_SITE',
        place: 'Lab',
        mandatory: true,
        attendance_threshold_percent: 0,
      }).success,
    ).toBe(false);
  });

  it('is present at or above the threshold, late when first joined more than 10 minutes in, absent below', () => {
    expect(importedStatus(45, after(0), rule)).toBe('PRESENT');
    expect(importedStatus(44, after(0), rule)).toBe('ABSENT');
    expect(importedStatus(50, after(10), rule)).toBe('PRESENT');
    expect(importedStatus(50, after(10.5), rule)).toBe('LATE');
    expect(importedStatus(20, after(15), rule)).toBe('ABSENT');
    // Without a join time, lateness is not guessed.
    expect(importedStatus(50, null, rule)).toBe('PRESENT');
    expect(importedReason('TEAMS')).toBe('Imported from the Microsoft Teams report');
  });
});
