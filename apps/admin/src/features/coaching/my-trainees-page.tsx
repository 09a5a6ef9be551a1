import { COACH_PAGE_SIZE, type MyTrainee } from '@school/contracts';
import { AppLink, ProgressBar, relativeTime, useRouteQuery } from '@school/ui';
import { useLocation } from 'react-router-dom';
import { EnrolmentStatus } from '../../components/enrolment-status';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { coachPaths, gradingRoot } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { UnsignedWeeks } from '../../components/unsigned-weeks';

/**
 * /admin/trainees and /instructor/trainees: the trainees the signed-in staff member coaches, in
 * every cohort, 20 a page, searched and sorted by the API; each row leads to the trainee's page.
 */
export function MyTraineesPage() {
  usePageTitle('My trainees');
  const root = gradingRoot(useLocation().pathname);
  const list = useListParams('first_name');
  const query = useRouteQuery('coachMyTrainees', { query: listQuery(list, COACH_PAGE_SIZE) });
  const unsigned = useRouteQuery('coachUnsignedWeeks', {});
  const columns: Column<MyTrainee>[] = [
    {
      label: 'Name',
      render: (s) => (
        <>
          <AppLink className="admin-table__title ui-link" to={coachPaths(root).trainee(s.cohort_id_slug, s.id_slug)}>
            {s.first_name} {s.last_name}
          </AppLink>
          <span className="admin-table__sub">{s.email}</span>
        </>
      ),
    },
    {
      label: 'Cohort',
      render: (s) => (
        <>
          {s.cohort_title}
          <AppLink className="admin-table__sub ui-link" to={coachPaths(root).careerPipeline(s.cohort_id_slug)}>
            Career pipeline<span className="ui-visually-hidden"> of {s.cohort_title}</span>
          </AppLink>
        </>
      ),
    },
    { label: 'Status', render: (s) => <EnrolmentStatus status={s.enrolment_status} /> },
    {
      label: 'Progress',
      render: (s) => (
        <ProgressBar
          value={s.completion_percentage}
          label={`Progress of ${s.first_name} ${s.last_name} in ${s.cohort_title}`}
          className="admin-table__progress"
        />
      ),
    },
    { label: 'Last active', render: (s) => (s.latest_access_datetime ? relativeTime(s.latest_access_datetime) : 'Never') },
  ];
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="My trainees" subtitle="The trainees you coach, in every cohort." />
      <ListFrame
        label="Trainees"
        query={query}
        pageSize={COACH_PAGE_SIZE}
        list={list}
        sortField="first_name"
        searchPlaceholder="Search by name or email..."
        empty={
          list.search
            ? 'No trainee matches your search.'
            : 'You coach no trainees yet. An admin chooses the coaches of a cohort on its Coaches tab.'
        }
      >
        {(rows) => <ListTable columns={columns} rows={rows} rowKey={(s) => `${s.cohort_id_slug}/${s.id_slug}`} />}
      </ListFrame>
      {unsigned.data && <UnsignedWeeks weeks={unsigned.data.data} showCohort />}
    </div>
  );
}
