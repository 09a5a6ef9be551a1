import { DEFAULT_SORTS, PAGE_SIZES } from '@school/contracts';
import { AppLink, ButtonLink, formatDate } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useCohorts } from './api/list-cohorts';
import { CohortStatus } from './components/cohort-status';

/** /admin/cohorts: every cohort, 8 a page, newest first by default. */
export function CohortsPage() {
  usePageTitle('Cohorts');
  const list = useListParams(DEFAULT_SORTS.cohorts);
  const query = useCohorts({ page: list.page, page_size: PAGE_SIZES.cohorts, search_query: list.search || undefined, order_by: list.sort });
  return (
    <div className="admin-page">
      <PageHeader title="Cohorts" actions={<ButtonLink to={paths.createCohort}>Create cohort</ButtonLink>} />
      <ListFrame
        label="Cohorts"
        query={query}
        pageSize={PAGE_SIZES.cohorts}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        sort={{ value: list.sort, field: 'title', onChange: list.setSort }}
        searchPlaceholder="Search cohorts..."
        empty={list.search ? 'No cohort matches your search.' : 'There are no cohorts yet.'}
      >
        {(cohorts) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Dates</th>
                <th scope="col">Students</th>
                <th scope="col">Courses</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {cohorts.map((c) => (
                <tr key={c.id_slug}>
                  <td data-label="Title">
                    <AppLink to={paths.cohort(c.id_slug)} className="admin-table__title">
                      {c.title}
                    </AppLink>
                  </td>
                  <td data-label="Dates">
                    {formatDate(c.start_date)} – {formatDate(c.end_date)}
                  </td>
                  <td data-label="Students">
                    {c.total_active} active of {c.total_students}
                  </td>
                  <td data-label="Courses">{c.courses_count}</td>
                  <td data-label="Status">
                    <CohortStatus status={c.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </ListFrame>
    </div>
  );
}
