import { REOPEN_SCREENING_REASON_MESSAGE } from '@school/contracts';
import { Button, TextAreaField, useRouteMutation } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { applicationsChanged } from '../../../components/admissions/application-keys';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useNotify } from '../../../lib/notice';
import '../../../components/admissions/admissions.css';

/**
 * Reopens a confirmed screening (a 'Not eligible' one included, even after its rejection) with
 * the reason, which the timeline keeps: the application goes back to Submitted to be screened again.
 */
export function ReopenScreeningForm({ applicationId }: { applicationId: string }) {
  const notify = useNotify();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  // Told from the mutation itself: the form leaves the page once the application is Submitted again.
  const reopen = useRouteMutation('admissionsReopenScreening', {
    invalidates: () => applicationsChanged([applicationId]),
    onSuccess: () => notify.success('Screening reopened: the application is Submitted again, to be screened anew.'),
  });

  if (!open)
    return (
      <div className="admin-form__actions">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Reopen screening
        </Button>
      </div>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(REOPEN_SCREENING_REASON_MESSAGE);
    setError(undefined);
    reopen.mutate({ params: { applicationId }, body: { reason: reason.trim() } }, { onSuccess: () => setOpen(false) });
  };
  const apiError = reopen.isError ? reopen.error : null;
  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Reopen the screening
      </h3>
      <TextAreaField
        label="Reason for reopening"
        rows={3}
        required
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? fieldError(apiError, 'reason')}
        hint="Kept in the application's timeline"
      />
      {apiError && (
        <p className="admin-admissions-alert" role="alert">
          {errorMessage(apiError)}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={reopen.isPending}>
          {reopen.isPending ? 'Saving...' : 'Reopen screening'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
