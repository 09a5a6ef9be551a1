import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { entriesThisWeek, entryKey, NOTHING_THIS_WEEK, THIS_WEEK_MAX } from './schedule';
import { ScheduleEntryRow } from './schedule-entry';
import { useSchedule } from './use-schedule';
import '../cohort.css';

/**
 * The class page's This week: what falls from today to 7 days from now, soonest first (at most
 * six), and the way to the whole schedule on its tab (`scheduleTab`: that tab's index).
 */
export function ThisWeekCard({ cohortId, scheduleTab, now }: { cohortId: string; scheduleTab: number; now: Date }) {
  const schedule = useSchedule(cohortId);
  const coming = schedule.data ? entriesThisWeek(schedule.data.entries, now) : [];
  return (
    <section className="learn-section learn-this-week" aria-labelledby="this-week-title">
      <h2 id="this-week-title" className="learn-section__title">
        This week
      </h2>
      {schedule.isPending ? (
        <p className="ui-muted">Loading your schedule…</p>
      ) : schedule.isError ? (
        <p className="ui-muted">Your schedule could not be loaded right now.</p>
      ) : coming.length === 0 ? (
        <p>{NOTHING_THIS_WEEK}</p>
      ) : (
        <ul className="learn-schedule__list" aria-label="Due this week">
          {coming.slice(0, THIS_WEEK_MAX).map((e, i) => (
            <ScheduleEntryRow key={entryKey(e, i)} cohortId={cohortId} entry={e} />
          ))}
        </ul>
      )}
      {coming.length > THIS_WEEK_MAX && <p className="ui-muted">And {coming.length - THIS_WEEK_MAX} more this week.</p>}
      {coming.length > 0 && <p className="ui-muted">Times are Malaysia time.</p>}
      <Link to={paths.cohort(cohortId, scheduleTab)} className="learn-schedule__more">
        See the whole schedule
      </Link>
    </section>
  );
}
