import { COHORT_STATUS_LABELS, COHORT_STATUSES, DEFAULT_SORTS, PAGE_SIZES, type CohortStatus as Status } from '@school/contracts';
import { AppLink, ButtonLink, formatDate, SelectField } from '@school/ui';
import { useSearchParams } from 'react-router-dom';
import { ListFrame } from '../../components/list-frame';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { useRouteQuery } from '../../lib/route-query';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortStatus } from '../../components/cohort-status';

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...COHORT_STATUSES.map((s) => ({ value: s, label: COHORT_STATUS_LABELS[s] }))];

const readStatus = (value: string | null): Status | undefined => COHORT_STATUSES.find((s) => s === value);

/** /admin/cohorts: every cohort, 8 a page, newest first by default, filtered by status (`?status=`). */
export function CohortsPage() {
  usePageTitle('Cohorts');
  const list = useListParams(DEFAULT_SORTS.cohorts);
  const [params, setParams] = useSearchParams();
  const status = readStatus(params.get('status'));
  const setStatus = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (readStatus(value)) next.set('status', value);
        else next.delete('status');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  const query = useRouteQuery('adminCohortList', {
    query: { page: list.page, page_size: PAGE_SIZES.cohorts, search_query: list.search || undefined, order_by: list.sort, status },
  });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
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
        actions={<SelectField label="Status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.target.value)} />}
        empty={list.search || status ? 'No cohort matches your search.' : 'There are no cohorts yet.'}
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
