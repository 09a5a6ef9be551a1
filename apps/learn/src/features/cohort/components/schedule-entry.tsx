import type { ScheduleEntry } from '@school/contracts';
import { Link } from 'react-router-dom';
import { formatMalaysiaDateTime } from '../../../lib/school-time';
import { ENTRY_LABELS, entryHref } from './schedule';
import '../cohort.css';

/**
 * One dated thing of the student's schedule: when (Malaysia time), what kind, its title (a link to
 * the lesson or the class's live sessions, unless `linked` is off), and whether the date is their own.
 */
export function ScheduleEntryRow({ cohortId, entry, linked = true }: { cohortId: string; entry: ScheduleEntry; linked?: boolean }) {
  const label = ENTRY_LABELS[entry.kind];
  const href = linked ? entryHref(cohortId, entry) : null;
  return (
    <li className="learn-schedule__entry">
      <p className="learn-schedule__meta">
        <time dateTime={entry.at}>{formatMalaysiaDateTime(entry.at)}</time>
        <span className="learn-schedule__kind">{label}</span>
        {entry.own_date && <span className="learn-schedule__own">Your own date</span>}
      </p>
      {href ? (
        <Link to={href} className="learn-schedule__link">
          <span className="ui-visually-hidden">{label}:</span> {entry.title}
        </Link>
      ) : (
        <p className="learn-schedule__title">{entry.title}</p>
      )}
    </li>
  );
}
