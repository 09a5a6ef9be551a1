import { ADMIN_MESSAGES, PAGE_SIZES, type AdminCohort, type Invitation, type InvitationStatus, type Student } from '@school/contracts';
import { ButtonLink, Button, formatCount, Pagination, relativeTime, StatusChip, type StatusTone, useConfirm } from '@school/ui';
import { ListFrame } from '../../../components/list-frame';
import { ListTable, type Column } from '../../../components/list-table';
import { studentColumns } from '../../../components/student-columns';
import { listQuery, useListParams } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';
import { AccountStatusButton } from '../../../components/account-status';
import { invalidations } from '../../../lib/invalidations';
import { useRouteMutation, useRouteQuery } from '../../../lib/route-query';

/** The cohort's students (20 a page) with suspend / unsuspend and remove, and the queue of people without an account with their invitations. */
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

const INVITATION_STATES: Record<InvitationStatus, { label: string; tone: StatusTone }> = {
  queued: { label: 'Sending', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'neutral' },
  opened: { label: 'Opened link', tone: 'warning' },
  accepted: { label: 'Accepted', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
  expired: { label: 'Expired', tone: 'neutral' },
  not_sent: { label: 'Not sent', tone: 'neutral' },
};

/** When the invitation last changed, as the row says it. */
function invitationWhen(i: Invitation): string | null {
  const at = i.accepted_at ?? i.failed_at ?? i.opened_at ?? i.sent_at;
  return at ? relativeTime(at) : null;
}

/** The people queued for the cohort (no account yet) and their invitations: resend one or all, withdraw one. */
function QueueList({ cohortId }: { cohortId: string }) {
  const list = useListParams('', 'q');
  const invitations = useRouteQuery('adminCohortInvitations', {
    params: { cohortId },
    query: { page: list.page, page_size: PAGE_SIZES.cohortQueue },
  });
  const resendAll = useRouteMutation('adminResendAllInvitations', { invalidates: invalidations.adminResendAllInvitations });
  const notify = useNotify();
  if (!invitations.data || invitations.data.count === 0) return null;
  const waiting = invitations.data.results.some((i) => i.status !== 'accepted' && i.status !== 'expired');
  return (
    <section className="admin-card ui-stack" aria-labelledby="queue-title">
      <div className="admin-row">
        <h2 id="queue-title" className="admin-section-title">
          Invitations ({invitations.data.count})
        </h2>
        {waiting && (
          <Button
            size="sm"
            variant="secondary"
            loading={resendAll.isPending}
            onClick={() =>
              resendAll.mutate(
                { params: { cohortId } },
                {
                  onSuccess: (r) => notify.success(`${formatCount(r.resent, 'invitation')} sent again.`),
                  onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
                },
              )
            }
          >
            Resend all
          </Button>
        )}
      </div>
      <p className="ui-muted ui-muted--small">
        These people were added by email but have no account yet. Each is sent an invitation to sign up; they join the cohort when they do.
      </p>
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Invitation</th>
            <th scope="col">
              <span className="ui-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.data.results.map((i) => (
            <InvitationRow key={i.email} cohortId={cohortId} invitation={i} />
          ))}
        </tbody>
      </table>
      <Pagination
        page={list.page}
        numPages={Math.ceil(invitations.data.count / PAGE_SIZES.cohortQueue)}
        onChange={list.setPage}
        label="Queue pages"
      />
    </section>
  );
}

function InvitationRow({ cohortId, invitation: i }: { cohortId: string; invitation: Invitation }) {
  const resend = useRouteMutation('adminResendInvitation', { invalidates: invalidations.adminResendInvitation });
  const withdraw = useRouteMutation('adminWithdrawQueued', { invalidates: invalidations.adminWithdrawQueued });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const state = INVITATION_STATES[i.status];
  const when = invitationWhen(i);
  const waiting = i.status !== 'accepted';

  const onWithdraw = async () => {
    const ok = await confirm({
      title: 'Withdraw this person?',
      message: `${i.email} will be taken out of the queue: they will not join the cohort when they sign up, and their invitation link stops working.`,
      confirmLabel: 'Withdraw',
      tone: 'danger',
    });
    if (!ok) return;
    withdraw.mutate(
      { params: { cohortId }, body: { email: i.email } },
      { onSuccess: () => notify.success(ADMIN_MESSAGES.success), onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
    );
  };

  return (
    <tr>
      <td data-label="Name">{`${i.first_name} ${i.last_name}`.trim() || '–'}</td>
      <td data-label="Email">{i.email}</td>
      <td data-label="Invitation">
        <StatusChip tone={state.tone}>{state.label}</StatusChip>
        {when && <span className="admin-table__sub">{when}</span>}
      </td>
      <td data-label="Actions" className="admin-table__actions">
        {waiting && i.status !== 'expired' && (
          <Button
            size="sm"
            variant="secondary"
            loading={resend.isPending}
            aria-label={`Resend the invitation to ${i.email}`}
            onClick={() =>
              resend.mutate(
                { params: { cohortId }, body: { email: i.email } },
                {
                  onSuccess: () => notify.success('Invitation sent again.'),
                  onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
                },
              )
            }
          >
            Resend
          </Button>
        )}
        {waiting && (
          <Button
            size="sm"
            variant="ghost"
            className="admin-danger-text"
            loading={withdraw.isPending}
            aria-label={`Withdraw ${i.email}`}
            onClick={onWithdraw}
          >
            Withdraw
          </Button>
        )}
        {dialog}
      </td>
    </tr>
  );
}
