import {
  type AdmissionDecision,
  type AdmissionSelection,
  DECISION_REASON_MESSAGE,
  type DecideInput,
  isApiError,
  OFFER_ACCEPT_BY_MESSAGE,
  OFFER_COHORT_MESSAGE,
} from '@school/contracts';
import { Button, formatDate, Modal, SelectField, TextAreaField, TextField, useRouteMutation, useRouteQuery } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useNotify } from '../../lib/notice';
import { fromMalaysiaInput, toMalaysiaInput } from '../../lib/school-time';
import { applicationsChanged } from './application-keys';
import { DECISION_EXPLAIN, DECISION_TITLES, movedMessage } from './decisions';
import './admissions.css';

export interface DecisionDialogProps {
  /** The decision being made; null: the dialog is closed. */
  decision: AdmissionDecision | null;
  applicationIds: string[];
  /** Instead of the ids: every application matching the pipeline's filter (across its pages), `count` of them now. */
  matching?: { filter: AdmissionSelection; count: number };
  /** The intake and course track of the applications, when they share one: the offer lists only its cohorts with seats. */
  track?: { intake: string; course: string };
  onClose: () => void;
  /** After the decision was made (the dialog is closed). */
  onDone?: () => void;
}

interface Errors {
  cohort_id?: string;
  accept_by?: string;
  reason?: string;
}

/**
 * One decision for the applications (the pipeline's list and an application's page, the ranking):
 * the reason the API records (and, for an offer, the cohort and the accept-by date and time). The
 * API moves all of them or none; its refusal is shown here, a field's beside the field.
 */
export function DecisionDialog({ decision, applicationIds, matching, track, onClose, onDone }: DecisionDialogProps) {
  const notify = useNotify();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [cohort, setCohort] = useState('');
  const [acceptBy, setAcceptBy] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  // The earliest accept-by the picker offers: when the dialog was first shown, on the school's clock.
  const [now] = useState(() => toMalaysiaInput(new Date().toISOString()));
  const offer = decision === 'OFFER';
  const cohorts = useRouteQuery('admissionsOfferCohorts', { query: track ?? {} }, { enabled: offer, select: (r) => r.data });
  // Told from the mutation itself: the bulk bar holding this dialog goes once the reloaded list no
  // longer has the moved applications, and a callback of the call would go with it.
  const decide = useRouteMutation('admissionsDecide', {
    invalidates: (v) => applicationsChanged(v.body.application_ids ?? 'all'),
    onSuccess: (answer, v) => {
      notify.success(movedMessage(answer.data.decided, v.body.decision));
      onDone?.();
    },
  });

  const close = () => {
    setReason('');
    setCohort('');
    setAcceptBy('');
    setErrors({});
    decide.reset();
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!decision) return;
    const found: Errors = {};
    if (!reason.trim()) found.reason = DECISION_REASON_MESSAGE;
    if (offer && !cohort) found.cohort_id = OFFER_COHORT_MESSAGE;
    if (offer && !acceptBy) found.accept_by = OFFER_ACCEPT_BY_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: DecideInput = matching
      ? { matching: matching.filter, decision, reason: reason.trim() }
      : { application_ids: applicationIds, decision, reason: reason.trim() };
    if (offer) {
      body.cohort_id = cohort;
      body.accept_by = fromMalaysiaInput(acceptBy);
    }
    decide.mutate({ body }, { onSuccess: close });
  };

  const count = matching ? matching.count : applicationIds.length;
  const apiError = decide.isError ? decide.error : null;
  // A refused bulk decision names each application it could not move (by id, with its name and why).
  const refused = Object.entries((isApiError(apiError) && apiError.errors) || {}).filter(
    ([k]) => !['cohort_id', 'accept_by', 'reason', 'matching', 'application_ids'].includes(k),
  );
  return (
    <Modal
      open={decision !== null}
      onClose={close}
      title={decision ? DECISION_TITLES[decision] : ''}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={decide.isPending} variant={decision === 'REJECT' ? 'danger' : 'primary'}>
            {decide.isPending ? 'Saving...' : 'Confirm'}
          </Button>
        </>
      }
    >
      <form id={formId} className="admin-form" noValidate onSubmit={submit}>
        <p className="ui-muted ui-muted--small">
          {count === 1 ? '1 application' : `${count} applications`}. {decision && DECISION_EXPLAIN[decision]}
        </p>
        {offer && (
          <>
            <SelectField
              label="Cohort"
              required
              placeholder={cohorts.isPending ? 'Loading cohorts...' : 'Choose a cohort'}
              options={(cohorts.data ?? []).map((c) => ({
                value: c.id_slug,
                label: `${c.title} (${formatDate(c.start_date)} – ${formatDate(c.end_date)})${
                  c.free === null ? '' : `, ${c.free} of ${c.seats} seats free`
                }`,
              }))}
              value={cohort}
              onChange={(e) => setCohort(e.target.value)}
              error={
                errors.cohort_id ?? fieldError(apiError, 'cohort_id') ?? (cohorts.isError ? 'The cohorts could not be loaded.' : undefined)
              }
              hint={
                cohorts.isSuccess && cohorts.data.length === 0
                  ? track
                    ? `No cohort has seats for ${track.course} in this intake.`
                    : 'No cohort is open for offers.'
                  : track
                    ? `Cohorts with seats for ${track.course} in this intake.`
                    : undefined
              }
            />
            <TextField
              label="Accept by (Malaysia time)"
              type="datetime-local"
              required
              min={now}
              value={acceptBy}
              onChange={(e) => setAcceptBy(e.target.value)}
              error={errors.accept_by ?? fieldError(apiError, 'accept_by')}
              hint="As the applicant reads it in the offer mail"
            />
          </>
        )}
        <TextAreaField
          label="Reason"
          required
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason ?? fieldError(apiError, 'reason')}
          hint="Recorded in each application's timeline"
        />
        {apiError && (
          <div className="admin-admissions-alert" role="alert">
            <p>{errorMessage(apiError)}</p>
            {refused.length > 0 && (
              <ul className="admin-admissions-alert__list">
                {refused.map(([id, why]) => (
                  <li key={id}>{why}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </form>
    </Modal>
  );
}
