import { gradeDisplayStatus, isGreenGradeStatus, LESSON_TYPE_LABELS, type GradeItem } from '@school/contracts';
import { ButtonLink, formatDate, formatDateTime, StatusChip } from '@school/ui';
import { paths } from '../../../lib/paths';
import '../cohort.css';

/** The result line of a locked item: the grade once results are open, else when they open. */
export function resultText(item: GradeItem, now: Date = new Date()): string {
  const opens = item.cohort_grade_info.result_open_datetime;
  if (opens && Date.parse(opens) > now.getTime()) return `Results on ${formatDate(opens)}`;
  if (item.user_grade === null) return 'Not graded yet';
  const grade = `Grade: ${Number(item.user_grade.toFixed(2))}%`;
  if (item.set_by_hand) return `${grade} (grade set by your instructor)`;
  // A late penalty is shown with the grade it was taken from.
  return item.original_grade === null ? grade : `${grade} (${Number(item.original_grade.toFixed(2))}% before the late penalty)`;
}

function GradeRow({ cohortId, item }: { cohortId: string; item: GradeItem }) {
  const info = item.cohort_grade_info;
  const status = gradeDisplayStatus(item);
  return (
    <li className="learn-grade">
      <div className="learn-grade__main">
        <h3 className="learn-grade__title">{info.lesson_title}</h3>
        <dl className="learn-grade__facts">
          <div>
            <dt>Deadline</dt>
            <dd>
              {info.deadline_datetime ? formatDateTime(info.deadline_datetime) : 'None'}
              {item.deadline_extended ? ' (extended for you)' : ''}
            </dd>
          </div>
          <div>
            <dt>Type</dt>
            <dd>{LESSON_TYPE_LABELS[info.lesson_type]}</dd>
          </div>
          <div>
            <dt>Weight</dt>
            <dd>{Number(info.grade_percentage)}%</dd>
          </div>
          <div>
            <dt>Required</dt>
            <dd>{info.is_mandatory ? 'Mandatory' : 'Optional'}</dd>
          </div>
        </dl>
        {info.submission_status === 'locked' && (
          <p className="learn-grade__result" data-testid="grade-result">
            {resultText(item)}
          </p>
        )}
      </div>
      <div className="learn-grade__side">
        <StatusChip tone={isGreenGradeStatus(status) ? 'success' : 'neutral'}>{status}</StatusChip>
        {status === 'Open' && (
          <ButtonLink size="sm" to={paths.lesson(cohortId, info.course_id, info.lesson_id)} aria-label={`Start ${info.lesson_title}`}>
            Start
          </ButtonLink>
        )}
      </div>
    </li>
  );
}

/** Graded items of the class with their status and results. */
export function GradesTab({ cohortId, grades, weightedTotal }: { cohortId: string; grades: GradeItem[]; weightedTotal?: number | null }) {
  return (
    <>
      {weightedTotal !== undefined && weightedTotal !== null && (
        <p className="learn-grades__total" data-testid="weighted-total">
          Weighted total: {Number(weightedTotal.toFixed(2))}%{' '}
          <span className="ui-muted">(results out so far, each by its weight; an item without a result counts as 0)</span>
        </p>
      )}
      <ul className="learn-grades" aria-label="Grades">
        {grades.map((g) => (
          <GradeRow key={g.id_slug} cohortId={cohortId} item={g} />
        ))}
      </ul>
    </>
  );
}
