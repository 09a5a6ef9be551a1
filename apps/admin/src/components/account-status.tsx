import { ADMIN_MESSAGES } from '@school/contracts';
import { Button, StatusChip, useConfirm, useRouteMutation } from '@school/ui';
import { invalidations } from '../lib/invalidations';
import { useNotify } from '../lib/notice';
import './account-status.css';

interface AccountHolder {
  id_slug: string;
  first_name: string;
  last_name: string;
  is_suspended: boolean;
}

/** Marks a suspended account (beside the name, wherever the student is listed). */
export function AccountSuspendedChip({ student }: { student: AccountHolder }) {
  if (!student.is_suspended) return null;
  return (
    <StatusChip tone="danger" className="admin-account-chip">
      Account suspended
    </StatusChip>
  );
}

/**
 * 'Suspend account' / 'Reinstate account', after a confirmation. Suspension acts on the account
 * itself (it signs the student out everywhere at once), unlike a cohort's 'Suspend student'.
 */
export function AccountStatusButton({ student: s }: { student: AccountHolder }) {
  const update = useRouteMutation('adminUpdateUserStatus', { invalidates: invalidations.adminUpdateUserStatus });
  const notify = useNotify();
  const { confirm, dialog } = useConfirm();
  const name = `${s.first_name} ${s.last_name}`;
  const label = s.is_suspended ? 'Reinstate account' : 'Suspend account';

  const onClick = async () => {
    const ok = await confirm(
      s.is_suspended
        ? { title: 'Reinstate this account?', message: `${name} will be able to sign in again.`, confirmLabel: 'Reinstate account' }
        : {
            title: 'Suspend this account?',
            message: `${name} will be signed out everywhere at once and will not be able to sign in until the account is reinstated.`,
            confirmLabel: 'Suspend account',
            tone: 'danger',
          },
    );
    if (!ok) return;
    update.mutate(
      { params: { userIdSlug: s.id_slug }, body: { is_suspended: !s.is_suspended } },
      {
        onSuccess: () => notify.success(s.is_suspended ? `Account reinstated: ${name}.` : `Account suspended: ${name}.`),
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={s.is_suspended ? undefined : 'admin-danger-text'}
        loading={update.isPending}
        onClick={onClick}
        aria-label={`${label} of ${name}`}
      >
        {label}
      </Button>
      {dialog}
    </>
  );
}
