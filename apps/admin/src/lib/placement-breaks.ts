import { BREAK_REASON_LABELS, type PlacementBreak } from '@school/contracts';
import { formatCount } from '@school/ui';
import { formatSchoolDate } from './school-time';

/** A break in one line: reason, dates, length ("Illness: 3 July 2027 – 7 July 2027 (5 days)"). */
export function breakText(b: PlacementBreak): string {
  return `${BREAK_REASON_LABELS[b.reason]}: ${formatSchoolDate(b.starts_on)} – ${formatSchoolDate(b.ends_on)} (${formatCount(b.days, 'day')})`;
}
