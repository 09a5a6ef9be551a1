import { AppLink, formatDate, useRouteQuery } from '@school/ui';
import { CohortStatus } from '../../components/cohort-status';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { gradingPaths, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

const to = gradingPaths('/admin');

/** /admin/grading: the cohorts under way or about to start, each with its grading area and gradebook. */
export function GradingHomePage() {
  usePageTitle('Grading');
  const cohorts = useRouteQuery('adminActiveCohorts', {});
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Grading"
        subtitle="Grade hand-ins and read the gradebook of each cohort. Ended cohorts are reached from their cohort page."
      />
      <QueryView query={cohorts} label="the cohorts" homePath={paths.courses}>
        {(list) =>
          list.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">No cohort is under way.</p>
          ) : (
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Cohort</th>
                  <th scope="col">Dates</th>
                  <th scope="col">Open</th>
                </tr>
              </thead>
              <tbody>
                {list.map((c) => (
                  <tr key={c.id_slug}>
                    <td data-label="Cohort">
                      <span className="admin-table__title">{c.title}</span> <CohortStatus status={c.status} />
                    </td>
                    <td data-label="Dates">
                      {formatDate(c.start_date)} – {formatDate(c.end_date)}
                    </td>
                    <td className="admin-table__actions" data-label="Open">
                      <AppLink to={to.cohort(c.id_slug)} aria-label={`Grading of ${c.title}`}>
                        Grading
                      </AppLink>{' '}
                      ·{' '}
                      <AppLink to={to.gradebook(c.id_slug)} aria-label={`Gradebook of ${c.title}`}>
                        Gradebook
                      </AppLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </div>
  );
}
