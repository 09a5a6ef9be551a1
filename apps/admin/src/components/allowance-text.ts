import { type AllowanceRules, OVERRIDE_KIND_LABELS, type OverrideKind } from '@school/contracts';

/** A programme's rules as the sentences an admin reads (one per rule, switched-off rules said so). */
export function ruleSentences(rules: AllowanceRules): string[] {
  const { attendance, submissions, absence_streak, logbook } = rules;
  return [
    attendance.enabled
      ? `Attendance at least ${attendance.min_percent}% of counted sessions; ${
          attendance.prorate_from_percent === null ? 'below it the month is withheld' : `pro-rated from ${attendance.prorate_from_percent}%`
        }`
      : 'Attendance: not counted',
    submissions.enabled
      ? `Every mandatory item due in the month handed in (on time or within its late window); otherwise ${
          submissions.on_fail === 'WITHHOLD' ? 'withheld' : 'pro-rated by the share handed in'
        }`
      : 'Hand-ins: not counted',
    absence_streak.enabled
      ? `No more than ${absence_streak.max_sessions} unexcused ${absence_streak.max_sessions === 1 ? 'absence' : 'absences'} in a row; more withholds the month`
      : 'Absences in a row: not counted',
    logbook.enabled
      ? `Every OJT logbook week ending in the month signed by the supervisor (counted once its 7 days for signing have passed); otherwise ${
          logbook.on_fail === 'WITHHOLD' ? 'withheld' : 'pro-rated by the share signed'
        }`
      : 'Logbook weeks: not counted',
  ];
}

/** `2026-10` as 'October 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The month it is now in Malaysia (`YYYY-MM`). */
export function malaysiaMonth(now = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** The exception kinds staff propose of their own accord (keeping a decision only answers a dispute). */
export const PROPOSABLE_KINDS = (Object.keys(OVERRIDE_KIND_LABELS) as OverrideKind[]).filter((k) => k !== 'UPHOLD');
