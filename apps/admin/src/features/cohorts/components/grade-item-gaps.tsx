import type { AdminCohort } from '@school/contracts';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import '../cohorts.css';

/**
 * Linked courses with no grade item in this cohort, said on the cohort page: a course without
 * quizzes or projects grades nothing, and one whose quizzes and projects have no item keeps them
 * closed to students ('Not open') until someone sets the items.
 */
export function GradeItemGaps({ cohort }: { cohort: AdminCohort }) {
  const gaps = cohort.courses_without_grade_items ?? [];
  if (gaps.length === 0) return null;
  return (
    <section className="admin-grade-gaps" aria-live="polite" aria-label="Courses without grade items">
      <p className="admin-grade-gaps__title">Some courses have no grade items in this cohort:</p>
      <ul className="admin-grade-gaps__list">
        {gaps.map((c) => (
          <li key={c.id_slug}>
            {c.graded_lessons === 0 ? (
              <>
                <strong>{c.title}</strong> has no quiz or project lesson, so nothing in it is graded.
              </>
            ) : (
              <>
                <strong>{c.title}</strong>: its{' '}
                {c.graded_lessons === 1 ? 'quiz or project stays' : `${c.graded_lessons} quizzes and projects stay`} closed to students
                until their grade items are set. <Link to={paths.gradeItems(cohort.id_slug)}>Set grade items</Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
