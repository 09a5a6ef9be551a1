import type { AllowanceTrace } from '@school/contracts';
import { deadlineText } from '../../common/school-time';

/**
 * What would change a month still running, from its forecast trace: the sessions left to attend to
 * reach the least attendance ('71%: attend 2 of the remaining 3 sessions'), the hand-ins still open,
 * and a streak already too long. Empty when nothing is at stake.
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
  return out;
}
