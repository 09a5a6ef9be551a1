import { APPLICATION_STAGE_LABELS, APPLICATION_STAGES, careerClockText, CONVERSION_OFFER_LABELS } from '@school/contracts';
import { AppLink, useRouteQuery } from '@school/ui';
import { useLocation, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { coachPaths, gradingRoot } from '../../lib/paths';
import { formatSchoolDate } from '../../lib/school-time';
import { usePageTitle } from '../../lib/use-page-title';
import './coaching.css';

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * /admin/careers/:cohortId and /instructor/careers/:cohortId: a cohort's career pipeline, one row
 * per trainee the signed-in coach follows (an admin: every trainee): applications by stage,
 * interviews this month against the target, the last application, the host's offer and the career day.
 */
export function CareerPipelinePage() {
  const { cohortId = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const home = coachPaths(root).list;
  const query = useRouteQuery('staffCareerPipeline', { params: { cohortId } });
  usePageTitle(query.data ? `Career pipeline · ${query.data.cohort.title}` : 'Career pipeline');
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <QueryView query={query} label="the career pipeline" homePath={home}>
        {(p) => (
          <>
            <PageHeader
              back={{ to: home, label: 'My trainees' }}
              title="Career pipeline"
              subtitle={`${p.cohort.title} · interviews in ${monthName(p.month)}, target ${p.target}`}
            />
            {p.data.length === 0 ? (
              <p className="ui-empty">You follow no trainee in this cohort.</p>
            ) : (
              <div className="admin-card">
                <table className="admin-table admin-career-pipeline">
                  <caption className="ui-visually-hidden">Career pipeline of {p.cohort.title}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Trainee</th>
                      <th scope="col">Career day</th>
                      {APPLICATION_STAGES.map((s) => (
                        <th key={s} scope="col">
                          {APPLICATION_STAGE_LABELS[s]}
                        </th>
                      ))}
                      <th scope="col">Interviews this month</th>
                      <th scope="col">Last applied</th>
                      <th scope="col">Host&apos;s offer</th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.data.map((r) => (
                      <tr key={r.trainee.id_slug}>
                        <td data-label="Trainee">
                          <AppLink className="admin-table__title ui-link" to={coachPaths(root).trainee(cohortId, r.trainee.id_slug)}>
                            {r.trainee.first_name} {r.trainee.last_name}
                          </AppLink>
                          {!r.placed && <span className="admin-table__sub">Not placed</span>}
                        </td>
                        <td data-label="Career day">{careerClockText(r.clock, formatSchoolDate)}</td>
                        {APPLICATION_STAGES.map((s) => (
                          <td key={s} data-label={APPLICATION_STAGE_LABELS[s]}>
                            {r.stages[s]}
                          </td>
                        ))}
                        <td data-label="Interviews this month">
                          {r.interviews_this_month} of {p.target}
                        </td>
                        <td data-label="Last applied">{r.last_applied_on ? formatSchoolDate(r.last_applied_on) : '—'}</td>
                        <td data-label="Host's offer">{r.offer ? CONVERSION_OFFER_LABELS[r.offer] : 'None recorded'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}
