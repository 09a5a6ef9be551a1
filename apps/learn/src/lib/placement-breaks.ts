import { BREAK_REASON_LABELS, type PlacementBreak } from '@school/contracts';
import { formatSchoolDate } from './school-time';

/** A break in one line: reason, dates and days ("Illness: 3 July 2027 to 7 July 2027 (5 days)"). */
export const breakText = (b: PlacementBreak) =>
  `${BREAK_REASON_LABELS[b.reason]}: ${formatSchoolDate(b.starts_on)} to ${formatSchoolDate(b.ends_on)} (${b.days} ${b.days === 1 ? 'day' : 'days'})`;
