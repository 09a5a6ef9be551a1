import { ADMIN_MESSAGES } from '@school/contracts';
import { Button, useConfirm, useRouteMutation } from '@school/ui';
import { invalidations } from '../lib/invalidations';
import { useNotify } from '../lib/notice';

interface AccountHolder {
  id_slug: string;
  first_name: string;
  last_name: string;
}

/**
 * 'Make instructor', after a confirmation: the account leaves the students list and signs in
 * again as staff (its open sessions lose the old role at once). The notice is given from the
 * mutation's own onSuccess, since the row (and this button) leaves the list when it succeeds.
 */
export function MakeInstructorButton({ student: s }: { student: AccountHolder }) {
  const notify = useNotify();
  const name = `${s.first_name} ${s.last_name}`;
  const update = useRouteMutation('adminUpdateUserRole', {
    invalidates: invalidations.adminUpdateUserRole,
    onSuccess: (answer) => notify.success(`${answer.user.first_name} ${answer.user.last_name} is now an instructor.`),
  });
  const { confirm, dialog } = useConfirm();

  const onClick = async () => {
    const ok = await confirm({
      title: 'Make this account an instructor?',
      message: `${name} will be signed out, will sign in again as an instructor and will no longer be listed with the students.`,
      confirmLabel: 'Make instructor',
    });
    if (!ok) return;
    update.mutate(
      { params: { userIdSlug: s.id_slug }, body: { role: 'INSTRUCTOR' } },
      { onError: () => notify.error(ADMIN_MESSAGES.genericFailure) },
    );
  };

  return (
    <>
      <Button size="sm" variant="ghost" loading={update.isPending} onClick={onClick} aria-label={`Make instructor: ${name}`}>
        Make instructor
      </Button>
      {dialog}
    </>
  );
}
