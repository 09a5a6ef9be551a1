import { AppLink, ButtonLink, Card, formatCount, formatDate, useRouteQuery, useSession } from '@school/ui';
import { QueryView } from '../../components/query-view';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortStatus } from '../../components/cohort-status';
import { allowancePaths, gradingPaths, paths } from '../../lib/paths';
import { useCoaching } from '../../lib/use-coaching';
import './instructor.css';

/** /instructor: the cohorts the instructor teaches and their courses, read-only. */
export function InstructorHomePage() {
  const { user } = useSession();
  usePageTitle('My cohorts');
  const coaching = useCoaching();
  const cohorts = useRouteQuery('instructorCohorts', {}, { select: (r) => r.data });
  const quizLessons = useRouteQuery('quizLessons', {}, { select: (r) => new Map(r.data.map((c) => [c.course_id_slug, c.lessons])) });
  return (
    <div className="ui-page ui-page--narrow ui-stack ui-stack--loose admin-instructor-home">
      <header className="admin-page-header">
        <div className="admin-page-header__text">
          <h1 className="admin-page-header__title">Welcome, {user?.first_name}</h1>
          <p className="admin-page-header__subtitle">The cohorts you teach and their courses.</p>
        </div>
        <div className="admin-page-header__actions">
          {coaching && (
            <ButtonLink variant="secondary" to={paths.instructorTrainees}>
              My trainees
            </ButtonLink>
          )}
          <ButtonLink variant="secondary" to={paths.instructorReviews}>
            Reviews
          </ButtonLink>
          <ButtonLink variant="secondary" to={paths.instructorAnnouncements}>
            Announcements
          </ButtonLink>
        </div>
      </header>
      <QueryView query={cohorts} label="your cohorts" homePath="/instructor">
        {(list) =>
          list.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">
              You are not linked to any cohort yet. An admin adds instructors to the cohorts they teach, on the cohort's Instructors tab.
            </p>
          ) : (
            <ul className="admin-instructor-cohorts" aria-label="Your cohorts">
              {list.map((c) => (
                <Card as="li" key={c.id_slug} className="ui-stack">
                  <div className="admin-row">
                    <h2 className="admin-section-title">{c.title}</h2>
                    <CohortStatus status={c.status} />
                  </div>
                  <p className="ui-muted ui-muted--small">
                    {formatDate(c.start_date)} – {formatDate(c.end_date)} · access until {formatDate(c.end_access_date)} · {c.total_active}{' '}
                    active of {formatCount(c.total_students, 'student')}
                  </p>
                  <p className="admin-row">
                    <AppLink className="ui-link" to={gradingPaths('/instructor').cohort(c.id_slug)} aria-label={`Grading of ${c.title}`}>
                      Grading
                    </AppLink>
                    <AppLink
                      className="ui-link"
                      to={gradingPaths('/instructor').gradebook(c.id_slug)}
                      aria-label={`Gradebook of ${c.title}`}
                    >
                      Gradebook
                    </AppLink>
                    <AppLink className="ui-link" to={allowancePaths.instructorCohort(c.id_slug)} aria-label={`Allowance of ${c.title}`}>
                      Allowance
                    </AppLink>
                  </p>
                  <h3 className="admin-subtitle">Courses</h3>
                  <ul className="admin-pick-list">
                    {c.courses.map((course) => (
                      <li key={course.id_slug} className="admin-pick-list__item">
                        <span>
                          <span className="admin-table__title">{course.title}</span>
                          <span className="admin-table__sub">
                            {formatCount(course.modules_count, 'module')} · {formatCount(course.lessons_count, 'lesson')}
                          </span>
                          {(quizLessons.data?.get(course.id_slug) ?? []).length > 0 && (
                            <span className="admin-instructor-quizzes">
                              Quizzes:{' '}
                              {quizLessons.data!.get(course.id_slug)!.map((l, i) => (
                                <span key={l.id_slug}>
                                  {i > 0 && ', '}
                                  <AppLink className="ui-link" to={paths.instructorQuiz(l.id_slug)}>
                                    {l.title}
                                  </AppLink>
                                </span>
                              ))}
                            </span>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                </Card>
              ))}
            </ul>
          )
        }
      </QueryView>
    </div>
  );
}
