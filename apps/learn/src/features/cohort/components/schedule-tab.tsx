import { Button, LoadingIndicator } from '@school/ui';
import { useId, useState } from 'react';
import { formatSchoolDate, malaysiaDate } from '../../../lib/school-time';
import { entryKey, groupSchedule, type ScheduleGroup, type ScheduleWeek } from './schedule';
import { ScheduleEntryRow } from './schedule-entry';
import { useSchedule } from './use-schedule';
import '../cohort.css';

function Week({ cohortId, week, title, linked }: { cohortId: string; week: ScheduleWeek; title: string; linked: boolean }) {
  const headingId = useId();
  const entries = (
    <ul className="learn-schedule__list" aria-label={week.label ? undefined : title}>
      {week.entries.map(({ entry }, i) => (
        <ScheduleEntryRow key={entryKey(entry, i)} cohortId={cohortId} entry={entry} linked={linked} />
      ))}
    </ul>
  );
  if (!week.label) return entries;
  return (
    <section className="learn-schedule__week" aria-labelledby={headingId}>
      <h4 id={headingId} className="learn-schedule__week-title">
        {week.label}
      </h4>
      {entries}
    </section>
  );
}

function Group({ cohortId, group, linked }: { cohortId: string; group: ScheduleGroup; linked: boolean }) {
  const headingId = useId();
  return (
    <section className="learn-schedule__group" aria-labelledby={headingId}>
      <h3 id={headingId} className="learn-schedule__group-title">
        {group.title}
      </h3>
      {group.weeks.map((w) => (
        <Week key={w.key} cohortId={cohortId} week={w} title={group.title} linked={linked} />
      ))}
    </section>
  );
}

/**
 * The student's own schedule in the class: their phases with their dates, then every dated thing by
 * phase and week (Malaysia time), the weeks already behind them folded away. `linked` off (an ended
 * class) lists the dates without leading to the locked lessons.
 */
export function ScheduleTab({ cohortId, now, linked = true }: { cohortId: string; now: Date; linked?: boolean }) {
  const schedule = useSchedule(cohortId);
  const [showEarlier, setShowEarlier] = useState(false);
  const datesId = useId();
  if (schedule.isPending) return <LoadingIndicator />;
  if (schedule.isError)
    return (
      <div className="learn-schedule__failed">
        <p>Your schedule could not be loaded right now.</p>
        <Button variant="secondary" onClick={() => void schedule.refetch()} loading={schedule.isFetching}>
          Try again
        </Button>
      </div>
    );
  const { phases, entries } = schedule.data;
  if (phases.length === 0 && entries.length === 0) return <p className="ui-muted">This class has no dates in its schedule yet.</p>;
  const today = malaysiaDate(now);
  const groups = groupSchedule(schedule.data);
  const earlier = groups.flatMap((g) => g.weeks).filter((w) => w.last < today).length;
  const shown = showEarlier
    ? groups
    : groups.map((g) => ({ ...g, weeks: g.weeks.filter((w) => w.last >= today) })).filter((g) => g.weeks.length > 0);
  return (
    <div className="learn-schedule">
      {phases.length > 0 && (
        <section className="learn-section" aria-labelledby="phases-title">
          <h2 id="phases-title" className="learn-section__title">
            Your phases
          </h2>
          <ol className="learn-phases" aria-label="Your phases">
            {phases.map((p) => {
              const current = p.start_date <= today && today <= p.end_date;
              return (
                <li key={p.key} className={current ? 'learn-phases__item learn-phases__item--current' : 'learn-phases__item'}>
                  <strong className="learn-phases__title">{p.title}</strong>
                  <span>
                    {formatSchoolDate(p.start_date)} to {formatSchoolDate(p.end_date)}
                  </span>
                  {current && <span className="learn-schedule__kind">Now</span>}
                </li>
              );
            })}
          </ol>
        </section>
      )}
      <section className="learn-section" aria-labelledby="dates-title">
        <h2 id="dates-title" className="learn-section__title">
          Your dates
        </h2>
        <p className="ui-muted">Times are Malaysia time. A date marked “Your own date” is yours alone: an extension or a longer phase.</p>
        {earlier > 0 && (
          <button
            type="button"
            className="learn-expand"
            aria-expanded={showEarlier}
            aria-controls={datesId}
            onClick={() => setShowEarlier((s) => !s)}
          >
            {showEarlier ? 'Hide earlier weeks' : 'Show earlier weeks'}
          </button>
        )}
        <div id={datesId} className="learn-schedule__groups">
          {shown.length === 0 ? (
            <p className="ui-muted">No dates are ahead of you.</p>
          ) : (
            shown.map((g) => <Group key={g.key} cohortId={cohortId} group={g} linked={linked} />)
          )}
        </div>
      </section>
    </div>
  );
}
