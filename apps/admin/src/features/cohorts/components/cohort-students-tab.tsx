import { ADMIN_MESSAGES, PAGE_SIZES, type AdminCohort, type Student } from '@school/contracts';
import { Button, ButtonLink, useConfirm, useRouteMutation, useRouteQuery } from '@school/ui';
import '../cohorts.css';
import { ListFrame } from '../../../components/list-frame';
import { ListTable, type Column } from '../../../components/list-table';
import { studentColumns } from '../../../components/student-columns';
import { listQuery, useListParams } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { AccountStatusButton } from '../../../components/account-status';
import { errorMessage } from '../../../lib/api-errors';
import { invalidations } from '../../../lib/invalidations';

/** The cohort's students (20 a page) with suspend / unsuspend and remove (the queue is the Invitations tab). */
export function CohortStudentsTab({ cohort }: { cohort: AdminCohort }) {
  const list = useListParams('-created_date');
  const students = useRouteQuery('adminCohortStudents', {
    params: { cohortId: cohort.id_slug },
    query: listQuery(list, PAGE_SIZES.cohortStudents),
  });
  const columns: Column<Student>[] = [
    studentColumns.name,
    studentColumns.status,
    studentColumns.progress,
    studentColumns.lastActive,
    {
      label: 'Actions',
      hideLabel: true,
      className: 'admin-table__actions admin-cohort-student__actions',
      render: (s) => <StudentActions cohortId={cohort.id_slug} student={s} />,
    },
  ];
  return (
    <div className="ui-stack">
      <ListFrame
        label="Students of the cohort"
        query={students}
        pageSize={PAGE_SIZES.cohortStudents}
        list={list}
        sortField="first_name"
        searchPlaceholder="Search by name or email..."
        actions={<ButtonLink to={paths.addStudent(cohort.id_slug, cohort.title)}>Add students</ButtonLink>}
        empty={list.search ? 'No student of this cohort matches your search.' : 'No students in this cohort yet.'}
      >
        {(rows) => <ListTable columns={columns} rows={rows} rowKey={(s) => s.id_slug} />}
      </ListFrame>
    </div>
  );
}

/** A student's buttons: suspend or unsuspend, mark completed, remove from the cohort, suspend the account. */
function StudentActions({ cohortId, student: s }: { cohortId: string; student: Student }) {
  const status = useRouteMutation('adminUpdateStudents', { invalidates: invalidations.adminUpdateStudents });
  const notify = useNotify();
  const name = `${s.first_name} ${s.last_name}`;
  // Told from the mutation itself: this row is gone (unmounted) once the list reloads without the student.
  const remove = useRouteMutation('adminRemoveStudent', {
    invalidates: invalidations.adminRemoveStudent,
    onSuccess: () => notify.success(`Student removed from the cohort: ${name}.`),
  });
  // Told from the mutation itself, as the removal: the row's buttons change once the list reloads.
  const complete = useRouteMutation('adminCompleteStudent', {
    invalidates: invalidations.adminCompleteStudent,
    onSuccess: () => notify.success(`Enrolment marked as completed: ${name}.`),
  });
  const { confirm, dialog } = useConfirm();
  const suspended = s.enrolment_status === 'SUSPENDED';

  const onToggle = () =>
    status.mutate(
      { params: { cohortId }, body: { user_id_slug: s.id_slug, enrolment_status: suspended ? 'ACTIVE' : 'SUSPENDED' } },
      {
        onSuccess: () => notify.success(suspended ? `Student unsuspended: ${name}.` : `Student suspended: ${name}.`),
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );

  const onComplete = async () => {
    const ok = await confirm({
      title: 'Mark this enrolment as completed?',
      message: `${name}'s enrolment in the cohort becomes Completed. It cannot be suspended or resumed afterwards, and the cohort leaves their list of classes.`,
      confirmLabel: 'Mark as completed',
    });
    if (!ok) return;
    complete.mutate({ params: { cohortId }, body: { user_id_slug: s.id_slug } }, { onError: (e) => notify.error(errorMessage(e)) });
  };

  const onRemove = async () => {
    const ok = await confirm({
      title: 'Remove this student?',
      message: `${name} will be removed from the cohort, with their progress and grades in it.`,
      confirmLabel: 'Remove student',
      tone: 'danger',
    });
    if (!ok) return;
    remove.mutate(
      { params: { cohortId }, body: { user_id_slug: s.id_slug } },
      { onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
    );
  };

  return (
    <>
      {s.enrolment_status !== 'COMPLETED' && (
        <Button
          size="sm"
          variant="secondary"
          loading={status.isPending}
          onClick={onToggle}
          aria-label={`${suspended ? 'Unsuspend' : 'Suspend student'} ${name}`}
        >
          {suspended ? 'Unsuspend' : 'Suspend student'}
        </Button>
      )}
      {s.enrolment_status === 'ACTIVE' && (
        <Button size="sm" variant="secondary" loading={complete.isPending} onClick={onComplete} aria-label={`Mark as completed ${name}`}>
          Mark as completed
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        className="admin-danger-text"
        loading={remove.isPending}
        onClick={onRemove}
        aria-label={`Remove ${name}`}
      >
        Remove
      </Button>
      <AccountStatusButton student={s} />
      {dialog}
    </>
  );
}
