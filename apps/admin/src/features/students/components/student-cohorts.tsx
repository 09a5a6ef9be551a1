import type { StudentCohortProgress } from '@school/contracts';
import { AppLink, ProgressBar } from '@school/ui';
import { EnrolmentStatus } from '../../../components/enrolment-status';
import { paths } from '../../../lib/paths';
import './student-cohorts.css';

/** Every cohort of one student on the Students list: its link, the enrolment's status and the student's progress in it. */
export function StudentCohorts({ name, cohorts }: { name: string; cohorts: StudentCohortProgress[] }) {
  return (
    <ul className="admin-student-cohorts" aria-label={`Cohorts of ${name}`}>
      {cohorts.map((c) => (
        <li key={c.cohort_id_slug} className="admin-student-cohorts__item">
          <span className="admin-student-cohorts__head">
            <AppLink className="ui-link admin-student-cohorts__title" to={paths.cohort(c.cohort_id_slug)}>
              {c.cohort_title}
            </AppLink>
            <EnrolmentStatus status={c.enrolment_status} />
          </span>
          <ProgressBar
            value={c.completion_percentage}
            label={`Progress of ${name} in ${c.cohort_title}`}
            className="admin-table__progress admin-student-cohorts__progress"
          />
        </li>
      ))}
    </ul>
  );
}
