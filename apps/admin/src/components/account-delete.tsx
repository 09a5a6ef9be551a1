import { Button, useConfirm, useRouteMutation } from '@school/ui';
import { errorMessage } from '../lib/api-errors';
import { invalidations } from '../lib/invalidations';
import { useNotify } from '../lib/notice';

interface AccountHolder {
  id_slug: string;
  first_name: string;
  last_name: string;
}

/**
 * 'Delete account', after a confirmation that says what goes with it. The notice is the answer's
 * own words, given from the mutation's onSuccess since the row (and this button) leaves the list.
 */
export function DeleteAccountButton({ student: s }: { student: AccountHolder }) {
  const notify = useNotify();
  const name = `${s.first_name} ${s.last_name}`;
  const remove = useRouteMutation('adminDeleteUser', {
    invalidates: invalidations.adminDeleteUser,
    onSuccess: (answer) => notify.success(answer.message),
  });
  const { confirm, dialog } = useConfirm();

  const onClick = async () => {
    const ok = await confirm({
      title: 'Delete this account?',
      message: `${name}'s account will be deleted with their enrolments, progress, hand-ins, grades and certificates; certificates already shared will no longer verify. This cannot be undone.`,
      confirmLabel: 'Delete account',
      tone: 'danger',
    });
    if (ok) remove.mutate({ params: { userIdSlug: s.id_slug } }, { onError: (e) => notify.error(errorMessage(e)) });
  };

  return (
    <>
      <Button size="sm" variant="ghost" loading={remove.isPending} onClick={onClick} aria-label={`Delete account of ${name}`}>
        Delete account
      </Button>
      {dialog}
    </>
  );
}
