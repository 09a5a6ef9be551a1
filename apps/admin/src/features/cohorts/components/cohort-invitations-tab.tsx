import { ADMIN_MESSAGES, PAGE_SIZES, type AdminCohort, type Invitation, type InvitationStatus } from '@school/contracts';
import {
  Button,
  formatCount,
  Pagination,
  relativeTime,
  StatusChip,
  type StatusTone,
  useConfirm,
  useRouteMutation,
  useRouteQuery,
} from '@school/ui';
import { Link } from 'react-router-dom';
import { QueryView } from '../../../components/query-view';
import { invalidations } from '../../../lib/invalidations';
import { useListParams } from '../../../lib/list-params';
import { useNotify } from '../../../lib/notice';
import { paths } from '../../../lib/paths';

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

/**
 * The Invitations tab: the people queued for the cohort (no account yet) and each one's invitation
 * state, with Resend (one or all) and Withdraw. Shown always, with an empty state when nobody waits.
 */
export function CohortInvitationsTab({ cohort }: { cohort: AdminCohort }) {
  const cohortId = cohort.id_slug;
  const list = useListParams('', 'q');
  const invitations = useRouteQuery('adminCohortInvitations', {
    params: { cohortId },
    query: { page: list.page, page_size: PAGE_SIZES.cohortQueue },
  });
  const resendAll = useRouteMutation('adminResendAllInvitations', { invalidates: invalidations.adminResendAllInvitations });
  const notify = useNotify();
  return (
    <QueryView query={invitations} label="the invitations" homePath={paths.cohorts}>
      {(data) => {
        const waiting = data.results.some((i) => i.status !== 'accepted' && i.status !== 'expired');
        return (
          <section className="admin-card ui-stack" aria-labelledby="queue-title">
            <div className="admin-row">
              <h2 id="queue-title" className="admin-section-title">
                Invitations ({data.count})
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
              People added by email who have no account yet wait in the cohort's queue. Each is sent an invitation to sign up; they join the
              cohort when they do.
            </p>
            {data.count === 0 ? (
              <p className="ui-empty ui-empty--quiet">
                Nobody is waiting for an account. <Link to={paths.addStudent(cohort.id_slug, cohort.title)}>Add students</Link> by email or
                from a CSV file to invite them.
              </p>
            ) : (
              <>
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
                    {data.results.map((i) => (
                      <InvitationRow key={i.email} cohortId={cohortId} invitation={i} />
                    ))}
                  </tbody>
                </table>
                <Pagination
                  page={list.page}
                  numPages={Math.ceil(data.count / PAGE_SIZES.cohortQueue)}
                  onChange={list.setPage}
                  label="Queue pages"
                />
              </>
            )}
          </section>
        );
      }}
    </QueryView>
  );
}

function InvitationRow({ cohortId, invitation: i }: { cohortId: string; invitation: Invitation }) {
  const resend = useRouteMutation('adminResendInvitation', { invalidates: invalidations.adminResendInvitation });
  const notify = useNotify();
  // Told from the mutation itself: this row is gone (unmounted) once the list reloads without the person.
  const withdraw = useRouteMutation('adminWithdrawQueued', {
    invalidates: invalidations.adminWithdrawQueued,
    onSuccess: () => notify.success(`Withdrawn from the queue: ${i.email}.`),
  });
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
    withdraw.mutate({ params: { cohortId }, body: { email: i.email } }, { onError: () => notify.error(ADMIN_MESSAGES.genericFailure) });
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
