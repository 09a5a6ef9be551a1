import { AppLink, ButtonLink, formatDateTime, StatusChip, useRouteQuery } from '@school/ui';
import { useLocation, useParams } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { QueryView } from '../../components/query-view';
import { gradingPaths, gradingRoot, paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { LESSON_KIND_LABELS } from './grading-labels';
import './grading.css';

/** A cohort's grading area: its grade items with their hand-in counts, each opening its queue. */
export function GradingCohortPage() {
  const { cohortId = '' } = useParams();
  const root = gradingRoot(useLocation().pathname);
  const to = gradingPaths(root);
  const query = useRouteQuery('gradingItems', { params: { cohortId } });
  usePageTitle(query.data ? `Grading · ${query.data.cohort.title}` : 'Grading');
  return (
    <QueryView query={query} label="the grading area" homePath={to.home}>
      {({ cohort, data }) => (
        <div className="ui-page ui-stack ui-stack--loose">
          <PageHeader
            title={`Grading · ${cohort.title}`}
            subtitle="Each grade item's hand-ins: open one to grade its queue."
            back={root === '/admin' ? { to: paths.grading, label: 'Grading' } : { to: paths.instructor, label: 'My cohorts' }}
            actions={
              <ButtonLink variant="secondary" to={to.gradebook(cohort.id_slug)}>
                Gradebook
              </ButtonLink>
            }
          />
          {data.length === 0 ? (
            <p className="ui-empty ui-empty--quiet">This cohort has no grade items yet.</p>
          ) : (
            <table className="admin-table">
              <caption className="admin-grading__caption">Grade items</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Deadline</th>
                  <th scope="col">Weight</th>
                  <th scope="col">To grade</th>
                  <th scope="col">Graded</th>
                </tr>
              </thead>
              <tbody>
                {data.map((item) => (
                  <tr key={item.id_slug}>
                    <td data-label="Item">
                      <AppLink to={to.item(item.id_slug)} className="admin-table__title">
                        {item.lesson_title}
                      </AppLink>
                      <span className="admin-table__sub">
                        {LESSON_KIND_LABELS[item.lesson_type] ?? item.lesson_type}
                        {item.is_mandatory ? ' · Mandatory' : ''}
                      </span>
                    </td>
                    <td data-label="Deadline">{item.deadline_datetime ? formatDateTime(item.deadline_datetime) : 'No deadline'}</td>
                    <td data-label="Weight">{item.grade_percentage}%</td>
                    <td data-label="To grade">
                      {item.submitted - item.graded}
                      {item.late > 0 && (
                        <>
                          {' '}
                          <StatusChip tone="warning">{item.late} late</StatusChip>
                        </>
                      )}
                    </td>
                    <td data-label="Graded">
                      {item.graded} of {item.submitted}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </QueryView>
  );
}
