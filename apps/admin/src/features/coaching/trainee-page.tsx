import { gradeDisplayStatus } from '@school/contracts';
import { formatDate, formatDateTime, ProgressBar, relativeTime, useRouteQuery } from '@school/ui';
import { useLocation, useParams } from 'react-router-dom';
import { EnrolmentStatus } from '../../components/enrolment-status';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { coachPaths, gradingRoot } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { TraineePlacement } from './placement-breaks';
import { TraineeReviews } from './trainee-reviews';
import { TraineeCareerSection } from './trainee-career';
import './coaching.css';

/**
 * /admin/trainees/:cohortId/:userId (and under /instructor): one trainee's enrolment, their progress
 * in each course and their grades, read-only, for an admin or a coach who follows them.
 */
export function TraineePage() {
  const { cohortId = '', userId = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const home = coachPaths(root).list;
  const trainee = useRouteQuery('coachTrainee', { params: { cohortId, userIdSlug: userId } }, { select: (r) => r.data });
  const view = useRouteQuery(
    'userCohortView',
    { params: { cohortId, userIdSlug: userId } },
    { select: (r) => r.data, enabled: trainee.isSuccess },
  );
  usePageTitle(trainee.data ? `${trainee.data.first_name} ${trainee.data.last_name}` : 'Trainee');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={trainee} label="this trainee" homePath={home}>
        {(t) => (
          <>
            <PageHeader
              back={{ to: home, label: 'My trainees' }}
              title={`${t.first_name} ${t.last_name}`}
              subtitle={`${t.email} · ${t.cohort_title}`}
            />
            <section className="admin-card ui-stack" aria-labelledby="trainee-enrolment">
              <h2 id="trainee-enrolment" className="admin-section-title">
                Enrolment
              </h2>
              <dl className="admin-facts">
                <dt>Status</dt>
                <dd>
                  <EnrolmentStatus status={t.enrolment_status} />
                </dd>
                <dt>Last active</dt>
                <dd>
                  {t.latest_access_datetime ? (
                    <time dateTime={t.latest_access_datetime} title={formatDateTime(t.latest_access_datetime)}>
                      {relativeTime(t.latest_access_datetime)}
                    </time>
                  ) : (
                    'Never'
                  )}
                </dd>
                <dt>Progress</dt>
                <dd>
                  <ProgressBar value={t.completion_percentage} label={`Progress in ${t.cohort_title}`} className="admin-table__progress" />
                </dd>
              </dl>
            </section>
            <TraineePlacement cohortId={cohortId} userId={userId} home={home} />
            <TraineeReviews cohortId={cohortId} userIdSlug={userId} />
            <TraineeCareerSection cohortId={cohortId} userId={userId} home={home} root={root} />
            <QueryView query={view} label="the trainee's courses" homePath={home}>
              {(v) => (
                <>
                  <section className="admin-card ui-stack" aria-labelledby="trainee-courses">
                    <h2 id="trainee-courses" className="admin-section-title">
                      Courses
                    </h2>
                    <p className="ui-muted ui-muted--small">
                      {formatDate(v.start_date)} – {formatDate(v.end_date)}
                    </p>
                    <ul className="admin-pick-list" aria-label="Courses">
                      {v.courses_part.map((c) => (
                        <li key={c.id_slug} className="admin-pick-list__item">
                          <span className="admin-table__title">{c.title}</span>
                          <ProgressBar value={c.completion_percentage} label={`Progress in ${c.title}`} className="admin-table__progress" />
                        </li>
                      ))}
                    </ul>
                  </section>
                  <section className="admin-card ui-stack" aria-labelledby="trainee-grades">
                    <h2 id="trainee-grades" className="admin-section-title">
                      Grades
                    </h2>
                    {v.user_grades_part.length === 0 ? (
                      <p className="ui-empty ui-empty--quiet">This cohort has no graded work yet.</p>
                    ) : (
                      <table className="admin-table">
                        <thead>
                          <tr>
                            <th scope="col">Work</th>
                            <th scope="col">Deadline</th>
                            <th scope="col">Status</th>
                            <th scope="col">Grade</th>
                          </tr>
                        </thead>
                        <tbody>
                          {v.user_grades_part.map((g) => (
                            <tr key={g.id_slug}>
                              <td data-label="Work">{g.cohort_grade_info.lesson_title}</td>
                              <td data-label="Deadline">
                                {g.cohort_grade_info.deadline_datetime ? formatDateTime(g.cohort_grade_info.deadline_datetime) : '—'}
                              </td>
                              <td data-label="Status">{gradeDisplayStatus(g)}</td>
                              <td data-label="Grade">{g.user_grade === null ? '—' : `${Number(g.user_grade.toFixed(2))}%`}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    )}
                  </section>
                </>
              )}
            </QueryView>
          </>
        )}
      </QueryView>
    </div>
  );
}
