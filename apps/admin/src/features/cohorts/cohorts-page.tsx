import {
  COHORT_STATUS_LABELS,
  COHORT_STATUSES,
  DEFAULT_SORTS,
  PAGE_SIZES,
  type AdminCohortListItem,
  type CohortStatus as Status,
} from '@school/contracts';
import { AppLink, ButtonLink, SelectField, useRouteQuery } from '@school/ui';
import { useSearchParams } from 'react-router-dom';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { CohortDates, CohortStatus } from '../../components/cohort-status';

const STATUS_OPTIONS = [{ value: '', label: 'All' }, ...COHORT_STATUSES.map((s) => ({ value: s, label: COHORT_STATUS_LABELS[s] }))];

const readStatus = (value: string | null): Status | undefined => COHORT_STATUSES.find((s) => s === value);

const COLUMNS: Column<AdminCohortListItem>[] = [
  {
    label: 'Title',
    render: (c) => (
      <AppLink to={paths.cohort(c.id_slug)} className="admin-table__title">
        {c.title}
      </AppLink>
    ),
  },
  { label: 'Dates', render: (c) => <CohortDates cohort={c} /> },
  {
    label: 'Students',
    render: (c) => (
      <>
        {c.total_active} active of {c.total_students}
      </>
    ),
  },
  { label: 'Courses', render: (c) => c.courses_count },
  { label: 'Status', render: (c) => <CohortStatus status={c.status} /> },
];

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
    query: { ...listQuery(list, PAGE_SIZES.cohorts), status },
  });
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader
        title="Cohorts"
        actions={
          <>
            <ButtonLink variant="secondary" to={paths.announcements}>
              Announcements
            </ButtonLink>
            <ButtonLink to={paths.createCohort}>Create cohort</ButtonLink>
          </>
        }
      />
      <ListFrame
        label="Cohorts"
        query={query}
        pageSize={PAGE_SIZES.cohorts}
        list={list}
        sortField="title"
        searchPlaceholder="Search cohorts..."
        actions={<SelectField label="Status" options={STATUS_OPTIONS} value={status ?? ''} onChange={(e) => setStatus(e.target.value)} />}
        empty={list.search || status ? 'No cohort matches your search.' : 'There are no cohorts yet.'}
      >
        {(cohorts) => <ListTable columns={COLUMNS} rows={cohorts} rowKey={(c) => c.id_slug} />}
      </ListFrame>
    </div>
  );
}
