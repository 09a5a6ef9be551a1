import type { AllowanceTrace } from '@school/contracts';
import { deadlineText } from '../../common/school-time';

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * What would change a month still running, from its forecast trace: the sessions left to attend to
 * reach the least attendance ('71%: attend 2 of the remaining 3 sessions'), the hand-ins still open,
 * a streak already too long and the logbook weeks still to be signed. Empty when nothing is at stake.
 */
export function monthAdvice(t: AllowanceTrace): string[] {
  const out: string[] = [];
  const a = t.attendance;
  if (a.result !== 'OFF') {
    const shown = a.percent === null ? 'No sessions yet' : `${Math.floor(a.percent)}%`;
    // Sessions to attend so that attended / (counted + remaining) reaches min_percent.
    const needed = Math.max(0, Math.ceil((a.min_percent * (a.counted + a.remaining)) / 100) - a.attended);
    if (needed > 0 && needed <= a.remaining) out.push(`${shown}: attend ${needed} of the remaining ${a.remaining} sessions`);
    else if (needed > a.remaining) out.push(`${shown}: ${a.min_percent}% can no longer be reached this month`);
  }
  if (t.submissions.result !== 'OFF') {
    for (const i of t.submissions.items) {
      if (i.submitted_at) continue;
      if (Date.parse(i.closes_at) > Date.now()) out.push(`Hand in ${i.title} by ${deadlineText(i.closes_at)}`);
      else out.push(`${i.title} was not handed in`);
    }
  }
  const s = t.absence_streak;
  if (s.result === 'WITHHOLD') out.push(`${s.longest} unexcused absences in a row (at most ${s.max_sessions})`);
  if (t.logbook && t.logbook.result !== 'OFF') {
    for (const w of t.logbook.weeks) {
      if (w.state === 'OPEN') out.push(`Submit logbook week ${w.week} so your supervisor can sign it by ${dayText(w.sign_by)}`);
      else if (w.state === 'UNSIGNED') out.push(`Logbook week ${w.week} was not signed in time`);
    }
  }
  return out;
}
