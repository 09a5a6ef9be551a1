import { DEFAULT_SORTS, PAGE_SIZES } from '@school/contracts';
import { AppLink, ProgressBar, relativeTime } from '@school/ui';
import { ListFrame } from '../../components/list-frame';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { paths } from '../../lib/paths';
import { useRouteQuery } from '../../lib/route-query';
import { usePageTitle } from '../../lib/use-page-title';
import { AccountStatusButton, AccountSuspendedChip } from '../../components/account-status';
import { AddToCohort } from './components/add-to-cohort';
import { EnrolmentStatus } from '../../components/enrolment-status';

/** /admin/students: every student account, 10 a page, newest first; A-Z sorts by first name. */
export function StudentsPage() {
  usePageTitle('Students');
  const list = useListParams(DEFAULT_SORTS.students);
  // The list never shows staff: it always asks for role STUDENT.
  const query = useRouteQuery('adminStudentList', {
    query: {
      page: list.page,
      page_size: PAGE_SIZES.students,
      search_query: list.search || undefined,
      order_by: list.sort,
      role: 'STUDENT',
    },
  });
  const active = useRouteQuery('adminActiveCohorts', {});
  return (
    <div className="admin-page">
      <PageHeader title="Students" />
      <ListFrame
        label="Students"
        query={query}
        pageSize={PAGE_SIZES.students}
        page={list.page}
        onPage={list.setPage}
        search={list.search}
        onSearch={list.setSearch}
        sort={{ value: list.sort, field: 'first_name', onChange: list.setSort }}
        searchPlaceholder="Search by name or email..."
        empty={list.search ? 'No student matches your search.' : 'There are no students yet.'}
      >
        {(students) => (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Cohort</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">Last active</th>
                <th scope="col">
                  <span className="ui-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {students.map((s) => (
                <tr key={s.id_slug}>
                  <td data-label="Name">
                    <span className="admin-table__title">
                      {s.first_name} {s.last_name}
                    </span>
                    <span className="admin-table__sub">{s.email}</span>
                    <AccountSuspendedChip student={s} />
                  </td>
                  <td data-label="Cohort">
                    {s.cohort_enrollment ? (
                      <AppLink to={paths.cohort(s.cohort_enrollment.cohort_id_slug)}>{s.cohort_enrollment.cohort_title}</AppLink>
                    ) : active.data && active.data.length > 0 ? (
                      <AddToCohort student={s} cohorts={active.data} />
                    ) : (
                      <span className="admin-muted">None</span>
                    )}
                  </td>
                  <td data-label="Status">
                    <EnrolmentStatus status={s.enrolment_status} />
                  </td>
                  <td data-label="Progress">
                    {s.cohort_enrollment ? (
                      <ProgressBar
                        value={s.completion_percentage}
                        label={`Progress of ${s.first_name} ${s.last_name}`}
                        className="admin-table__progress"
                      />
                    ) : (
                      <span className="admin-muted">–</span>
                    )}
                  </td>
                  <td data-label="Last active">{s.latest_access_datetime ? relativeTime(s.latest_access_datetime) : 'Never'}</td>
                  <td data-label="Actions" className="admin-table__actions">
                    <AccountStatusButton student={s} />
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
