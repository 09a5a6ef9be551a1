import { ADMIN_MESSAGES, PAGE_SIZES, type AdminCohort, type CohortQueueResponse, type Student } from '@school/contracts';
import { ButtonLink, Button, Pagination, useConfirm } from '@school/ui';
import { ListFrame } from '../../../components/list-frame';
import { ListTable, type Column } from '../../../components/list-table';
import { studentColumns } from '../../../components/student-columns';
import { listQuery, useListParams } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { AccountStatusButton } from '../../../components/account-status';
import { invalidations } from '../../../lib/invalidations';
import { useRouteMutation, useRouteQuery } from '../../../lib/route-query';

/** The cohort's students (20 a page) with suspend / unsuspend and remove, and the queue of people without an account. */
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
      className: 'admin-table__actions',
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
      <QueueList cohortId={cohort.id_slug} />
    </div>
  );
}

/** A student's buttons: suspend or unsuspend, remove from the cohort, suspend the account. */
function StudentActions({ cohortId, student: s }: { cohortId: string; student: Student }) {
  const status = useRouteMutation('adminUpdateStudents', { invalidates: invalidations.adminUpdateStudents });
  const remove = useRouteMutation('adminRemoveStudent', { invalidates: invalidations.adminRemoveStudent });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const name = `${s.first_name} ${s.last_name}`;
  const suspended = s.enrolment_status === 'SUSPENDED';

  const onToggle = () =>
    status.mutate(
      { params: { cohortId }, body: { user_id_slug: s.id_slug, enrolment_status: suspended ? 'ACTIVE' : 'SUSPENDED' } },
      { onSuccess: () => notify.success(ADMIN_MESSAGES.success), onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
    );

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
      { onSuccess: () => notify.success(ADMIN_MESSAGES.success), onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
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

const QUEUE_COLUMNS: Column<CohortQueueResponse['results'][number]>[] = [
  { label: 'Name', render: (q) => `${q.first_name} ${q.last_name}`.trim() || '–' },
  { label: 'Email', render: (q) => q.email },
];

function QueueList({ cohortId }: { cohortId: string }) {
  const list = useListParams('', 'q');
  const queue = useRouteQuery('adminCohortQueue', { params: { cohortId }, query: { page: list.page, page_size: PAGE_SIZES.cohortQueue } });
  if (!queue.data || queue.data.count === 0) return null;
  return (
    <section className="admin-card ui-stack" aria-labelledby="queue-title">
      <h2 id="queue-title" className="admin-section-title">
        Waiting for an account ({queue.data.count})
      </h2>
      <p className="ui-muted ui-muted--small">
        These people were added by email but have no account yet. They join the cohort when they sign up.
      </p>
      <ListTable columns={QUEUE_COLUMNS} rows={queue.data.results} rowKey={(q) => q.email} />
      <Pagination
        page={list.page}
        numPages={Math.ceil(queue.data.count / PAGE_SIZES.cohortQueue)}
        onChange={list.setPage}
        label="Queue pages"
      />
    </section>
  );
}
