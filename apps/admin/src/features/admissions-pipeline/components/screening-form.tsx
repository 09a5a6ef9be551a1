import { NOT_ELIGIBLE_REASON_MESSAGE } from '@school/contracts';
import { Button, TextAreaField, useRouteMutation } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { applicationsChanged } from '../../../components/admissions/application-keys';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useNotify } from '../../../lib/notice';
import '../../../components/admissions/admissions.css';

export const CHOOSE_SCREENING_MESSAGE = 'Choose eligible or not eligible';

/** The admin's confirmation of a SUBMITTED application's screening: eligible, or not with the reason. */
export function ScreeningForm({ applicationId }: { applicationId: string }) {
  const notify = useNotify();
  const id = useId();
  const [choice, setChoice] = useState<'' | 'eligible' | 'not_eligible'>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ eligible?: string; reason?: string }>({});
  // Told from the mutation itself: the form leaves the page once the application is Screened.
  const confirm = useRouteMutation('admissionsConfirmScreening', {
    invalidates: () => applicationsChanged([applicationId]),
    onSuccess: () => notify.success('Screening confirmed: the application is now Screened.'),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!choice) found.eligible = CHOOSE_SCREENING_MESSAGE;
    if (choice === 'not_eligible' && !reason.trim()) found.reason = NOT_ELIGIBLE_REASON_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    confirm.mutate({ params: { applicationId }, body: { eligible: choice === 'eligible', reason: reason.trim() } });
  };

  const apiError = confirm.isError ? confirm.error : null;
  return (
    <form className="admin-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle">
        Confirm the screening
      </h3>
      <fieldset className="admin-pipeline-choice" aria-describedby={errors.eligible ? `${id}-choice-error` : undefined}>
        <legend>Is the application eligible?</legend>
        <label className="admin-pipeline-check">
          <input type="radio" name={`${id}-eligible`} checked={choice === 'eligible'} onChange={() => setChoice('eligible')} />
          Eligible
        </label>
        <label className="admin-pipeline-check">
          <input type="radio" name={`${id}-eligible`} checked={choice === 'not_eligible'} onChange={() => setChoice('not_eligible')} />
          Not eligible
        </label>
        {errors.eligible && (
          <p id={`${id}-choice-error`} className="admin-danger-text" role="alert">
            {errors.eligible}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Reason"
        rows={3}
        required={choice === 'not_eligible'}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason ?? fieldError(apiError, 'reason')}
        hint={choice === 'not_eligible' ? 'Required when the application is not eligible' : 'Optional when eligible'}
      />
      {apiError && (
        <p className="admin-admissions-alert" role="alert">
          {errorMessage(apiError)}
        </p>
      )}
      <div className="admin-form__actions">
        <Button type="submit" loading={confirm.isPending}>
          {confirm.isPending ? 'Saving...' : 'Confirm screening'}
        </Button>
      </div>
    </form>
  );
}
