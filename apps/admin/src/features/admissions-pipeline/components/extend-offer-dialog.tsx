import { EXTEND_LATER_MESSAGE, EXTEND_REASON_MESSAGE } from '@school/contracts';
import { Button, Modal, TextAreaField, TextField, useRouteMutation } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { applicationsChanged } from '../../../components/admissions/application-keys';
import { errorMessage, fieldError } from '../../../lib/api-errors';
import { useNotify } from '../../../lib/notice';
import { formatMalaysiaTime, fromMalaysiaInput, toMalaysiaInput } from '../../../lib/school-time';

export const ACCEPT_BY_REQUIRED_MESSAGE = 'Choose the new date and time';

/**
 * An admin gives an applicant more time to answer their offer: the new accept-by date and time in
 * Malaysia time (as the applicant reads it in the mail and on their page) and the reason, which the
 * timeline keeps; the applicant is mailed the new moment.
 */
export function ExtendOfferDialog({
  applicationId,
  acceptBy,
  open,
  onClose,
}: {
  applicationId: string;
  acceptBy: string;
  open: boolean;
  onClose: () => void;
}) {
  const notify = useNotify();
  const formId = useId();
  const [moment, setMoment] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ accept_by?: string; reason?: string }>({});
  const extend = useRouteMutation('admissionsExtendOffer', {
    invalidates: () => applicationsChanged([applicationId]),
    onSuccess: (answer) =>
      notify.success(`The offer now runs until ${formatMalaysiaTime(answer.data.accept_by)}. The applicant is emailed.`),
  });
  const close = () => {
    setMoment('');
    setReason('');
    setErrors({});
    extend.reset();
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!moment) found.accept_by = ACCEPT_BY_REQUIRED_MESSAGE;
    else if (new Date(fromMalaysiaInput(moment)) <= new Date(acceptBy)) found.accept_by = EXTEND_LATER_MESSAGE;
    if (!reason.trim()) found.reason = EXTEND_REASON_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    extend.mutate(
      { params: { applicationId }, body: { accept_by: fromMalaysiaInput(moment), reason: reason.trim() } },
      { onSuccess: close },
    );
  };
  const apiError = extend.isError ? extend.error : null;
  return (
    <Modal
      open={open}
      onClose={close}
      title="Extend accept-by"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={extend.isPending}>
            {extend.isPending ? 'Saving...' : 'Extend'}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form" noValidate onSubmit={submit}>
        <p className="ui-muted ui-muted--small">Now: accept by {formatMalaysiaTime(acceptBy)}.</p>
        <TextField
          label="New accept-by (Malaysia time)"
          type="datetime-local"
          required
          min={toMalaysiaInput(acceptBy)}
          value={moment}
          onChange={(e) => setMoment(e.target.value)}
          error={errors.accept_by ?? fieldError(apiError, 'accept_by')}
          hint="Date and time in Malaysia, as the applicant reads it"
        />
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason ?? fieldError(apiError, 'reason')}
          hint="Recorded in the application's timeline"
        />
        {apiError && !fieldError(apiError, 'accept_by') && !fieldError(apiError, 'reason') && (
          <p role="alert" className="admin-admissions-alert">
            {errorMessage(apiError)}
          </p>
        )}
      </form>
    </Modal>
  );
}
