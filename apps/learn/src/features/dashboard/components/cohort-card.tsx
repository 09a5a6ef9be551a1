import { imageFor } from '@school/catalogue';
import { isAccessEnded, LESSON_TYPE_LABELS, type UserCohortEntry } from '@school/contracts';
import { formatDate, relativeTime } from '@school/ui';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import '../dashboard.css';

/** A class on the dashboard: its picture (by title keyword), title, dates and the lesson done last. Opens /class/{idSlug}. */
export function CohortCard({ entry }: { entry: UserCohortEntry }) {
  const { cohort_part: cohort, latest_lesson_part: latest } = entry;
  const ended = isAccessEnded(cohort.end_access_date);
  return (
    <article className="learn-cohort-card ui-linked-card">
      <img className="learn-cohort-card__image" src={imageFor(cohort.title, 'cohort')} alt="" width={320} height={160} />
      <div className="learn-cohort-card__body">
        <h3 className="learn-cohort-card__title">
          <Link to={paths.cohort(cohort.id_slug)} className="ui-linked-card__link">
            {cohort.title}
          </Link>
        </h3>
        <p className="learn-cohort-card__dates">
          {formatDate(cohort.start_date)} to {formatDate(cohort.end_date)}
        </p>
        {ended && <p className="learn-cohort-card__ended">Ended · grades and certificates</p>}
        {latest ? (
          <p className="learn-cohort-card__latest">
            <span className="ui-muted">Last lesson: </span>
            {latest.lesson_title}
            <span className="ui-muted">
              {' '}
              · {LESSON_TYPE_LABELS[latest.lesson_type]} · {latest.course_info.course_title}
              {latest.completed_at && ` · ${relativeTime(latest.completed_at)}`}
            </span>
          </p>
        ) : (
          <p className="learn-cohort-card__latest ui-muted">Not started yet</p>
        )}
      </div>
    </article>
  );
}
