import { ADMIN_MESSAGES, type BulkAddResult } from '@school/contracts';
import { Button, TextField } from '@school/ui';
import { useState, type FormEvent } from 'react';
import { invalidations } from '../../../lib/invalidations';
import { useNotify } from '../../../lib/notice';
import { useRouteMutation } from '../../../lib/route-query';

export const INVITE_EMAIL_REQUIRED = 'Please enter an email.';

/** What adding one email did, in a sentence. */
export function inviteOutcome(email: string, r: BulkAddResult): { ok: boolean; message: string } {
  if (r.errors > 0) return { ok: false, message: r.error_students[0]?.reason ?? ADMIN_MESSAGES.genericFailure };
  if (r.added_to_queue > 0) return { ok: true, message: `${email} has no account yet: an invitation to sign up is on its way.` };
  if (r.successfully_added_to_cohort > 0) return { ok: true, message: `${email} already has an account and was added to the cohort.` };
  if (r.already_in_queue > 0) return { ok: true, message: `${email} is already invited to this cohort.` };
  return { ok: true, message: `${email} is already in this cohort.` };
}

/**
 * One person by email: added at once when they have an account, otherwise queued and invited to
 * sign up (the same path as one row of a CSV file, so both behave alike).
 */
export function InviteByEmail({ cohortId }: { cohortId: string }) {
  const bulk = useRouteMutation('adminAddStudentBulk', { invalidates: invalidations.adminAddStudentBulk });
  const notify = useNotify();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!address) return setError(INVITE_EMAIL_REQUIRED);
    setError(undefined);
    bulk.mutate(
      { params: { cohortId }, body: { students: [{ email: address, first_name: firstName.trim(), last_name: lastName.trim() }] } },
      {
        onSuccess: (result) => {
          const outcome = inviteOutcome(address, result);
          if (!outcome.ok) return setError(outcome.message);
          notify.success(outcome.message);
          setEmail('');
          setFirstName('');
          setLastName('');
        },
        onError: () => notify.error(ADMIN_MESSAGES.genericFailure),
      },
    );
  };

  return (
    <section className="admin-card ui-stack" aria-labelledby="invite-one">
      <h2 id="invite-one" className="admin-section-title">
        Add or invite by email
      </h2>
      <p className="ui-muted ui-muted--small">
        Someone with an account joins the cohort at once; someone without one is sent an invitation and joins when they sign up.
      </p>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <div className="admin-form__grid">
          <TextField label="Email" type="email" autoComplete="off" value={email} error={error} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="First name" autoComplete="off" value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <TextField label="Last name" autoComplete="off" value={lastName} onChange={(e) => setLastName(e.target.value)} />
        </div>
        <div className="admin-form__actions">
          <Button type="submit" loading={bulk.isPending}>
            Add or invite
          </Button>
        </div>
      </form>
    </section>
  );
}
