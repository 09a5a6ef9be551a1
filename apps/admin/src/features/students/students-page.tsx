import { DEFAULT_SORTS, PAGE_SIZES, type AdminStudentListItem } from '@school/contracts';
import { ListFrame } from '../../components/list-frame';
import { ListTable, type Column } from '../../components/list-table';
import { studentColumns } from '../../components/student-columns';
import { PageHeader } from '../../components/page-header';
import { listQuery, useListParams } from '../../lib/list-params';
import { AppLink, useRouteQuery } from '@school/ui';
import { paths } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { DeleteAccountButton } from '../../components/account-delete';
import { MakeInstructorButton } from '../../components/account-role';
import { AccountStatusButton, AccountSuspendedChip } from '../../components/account-status';
import { AddToCohort } from './components/add-to-cohort';
import { StudentCohorts } from './components/student-cohorts';

/** /admin/students: every student account, 10 a page, newest first; A-Z sorts by first name. Each row lists all the student's cohorts with the progress in each. */
export function StudentsPage() {
  usePageTitle('Students');
  const list = useListParams(DEFAULT_SORTS.students);
  // The list never shows staff: it always asks for role STUDENT.
  const query = useRouteQuery('adminStudentList', {
    query: { ...listQuery(list, PAGE_SIZES.students), role: 'STUDENT' },
  });
  const active = useRouteQuery('adminActiveCohorts', {});
  const columns: Column<AdminStudentListItem>[] = [
    {
      ...studentColumns.name,
      // The name opens the student's page (their account and, for finance staff, payment details).
      render: (s) => (
        <>
          <AppLink to={paths.student(s.id_slug)} className="admin-table__title">
            {s.first_name} {s.last_name}
          </AppLink>
          <span className="admin-table__sub">{s.email}</span>
          <AccountSuspendedChip student={s} />
        </>
      ),
    },
    {
      label: 'Cohorts and progress',
      render: (s) =>
        s.cohort_enrollments.length > 0 ? (
          <StudentCohorts name={`${s.first_name} ${s.last_name}`} cohorts={s.cohort_enrollments} />
        ) : active.data && active.data.length > 0 ? (
          <AddToCohort student={s} cohorts={active.data} />
        ) : (
          <span className="ui-muted ui-muted--small">None</span>
        ),
    },
    studentColumns.lastActive,
    {
      label: 'Actions',
      hideLabel: true,
      className: 'admin-table__actions admin-student__actions',
      render: (s) => (
        <>
          <AccountStatusButton student={s} />
          <MakeInstructorButton student={s} />
          <DeleteAccountButton student={s} />
        </>
      ),
    },
  ];
  return (
    <div className="ui-page ui-stack ui-stack--loose">
      <PageHeader title="Students" />
      <ListFrame
        label="Students"
        query={query}
        pageSize={PAGE_SIZES.students}
        list={list}
        sortField="first_name"
        searchPlaceholder="Search by name or email..."
        empty={list.search ? 'No student matches your search.' : 'There are no students yet.'}
      >
        {(students) => <ListTable columns={columns} rows={students} rowKey={(s) => s.id_slug} />}
      </ListFrame>
    </div>
  );
}
