import { type AdmissionDecision, type DecideInput, isApiError } from '@school/contracts';
import { Button, formatDate, LoadingIndicator, Modal, SelectField, TextAreaField, TextField } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { useNotify } from '../../lib/notice';
import { routeKey, useRouteMutation, useRouteQuery } from '../../lib/route-query';
import { acceptByInstant, DECISION_TEXT } from './decision-text';

/**
 * One decision for the selected applications: the reason (required), and for an offer the cohort
 * and the accept-by date and time. The API's refusals (400 per field, 409) show in the dialog.
 */
export function DecisionDialog({
  decision,
  applicationIds,
  onClose,
  onDone,
}: {
  decision: AdmissionDecision | null;
  applicationIds: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const text = decision ? DECISION_TEXT[decision] : null;
  return (
    <Modal open={decision !== null} onClose={onClose} title={text ? `${text.verb} ${count(applicationIds.length)}` : ''} size="md">
      {decision && <DecisionForm key={decision} decision={decision} applicationIds={applicationIds} onClose={onClose} onDone={onDone} />}
    </Modal>
  );
}

const count = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

function DecisionForm({
  decision,
  applicationIds,
  onClose,
  onDone,
}: {
  decision: AdmissionDecision;
  applicationIds: string[];
  onClose: () => void;
  onDone: () => void;
}) {
  const notify = useNotify();
  const offer = decision === 'OFFER';
  const text = DECISION_TEXT[decision];
  const cohorts = useRouteQuery('admissionsOfferCohorts', {}, { select: (r) => r.data, enabled: offer });
  const [cohort, setCohort] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('17:00');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const alertId = useId();
  const decide = useRouteMutation('admissionsDecide', {
    invalidates: () => [
      routeKey('admissionsRanking'),
      routeKey('admissionsList'),
      routeKey('admissionsDetail'),
      routeKey('admissionsTimeline'),
      routeKey('admissionsReviewQueue'),
    ],
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: DecideInput = { application_ids: applicationIds, decision, reason };
    if (offer) {
      if (cohort) body.cohort_id = cohort;
      const at = acceptByInstant(date, time);
      if (at) body.accept_by = at;
    }
    setFailure(null);
    setErrors({});
    decide.mutate(
      { body },
      {
        onSuccess: (answer) => {
          notify.success(`${count(answer.data.decided)} ${text.done}.`);
          onDone();
        },
        onError: (error) => {
          if (!isApiError(error)) return setFailure('The decision could not be saved. Please try again.');
          const fieldErrors = error.status === 400 ? (error.errors ?? {}) : {};
          setErrors(fieldErrors);
          const shown = ['reason', 'cohort_id', 'accept_by'].filter((f) => fieldErrors[f]);
          const others = Object.entries(fieldErrors).filter(([f]) => !shown.includes(f));
          setFailure(shown.length && !others.length ? 'Check the fields marked below.' : error.message);
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-describedby={failure ? alertId : undefined}>
      <p className="ui-muted">{text.explain}</p>
      {failure && (
        <p id={alertId} role="alert" className="admin-ranking__alert">
          {failure}
        </p>
      )}
      {offer &&
        (cohorts.isPending ? (
          <LoadingIndicator />
        ) : (
          <>
            <SelectField
              label="Cohort"
              required
              placeholder="Choose the cohort"
              options={(cohorts.data ?? []).map((c) => ({
                value: c.id_slug,
                label: `${c.title} (${formatDate(c.start_date)} – ${formatDate(c.end_date)})`,
              }))}
              value={cohort}
              error={errors.cohort_id ?? (cohorts.isError ? 'The cohorts could not be loaded.' : undefined)}
              hint={cohorts.data?.length === 0 ? 'No cohort open for offers: create one first.' : undefined}
              onChange={(e) => setCohort(e.target.value)}
            />
            <div className="admin-form__grid">
              <TextField
                label="Accept by (date)"
                type="date"
                required
                value={date}
                error={errors.accept_by}
                onChange={(e) => setDate(e.target.value)}
              />
              <TextField
                label="Accept by (time)"
                type="time"
                required
                value={time}
                hint="Your time zone. The offer expires after it."
                onChange={(e) => setTime(e.target.value)}
              />
            </div>
          </>
        ))}
      <TextAreaField
        label="Reason"
        required
        rows={3}
        maxLength={1000}
        value={reason}
        hint="Kept in each application's timeline."
        error={errors.reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="admin-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={decide.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant={decision === 'REJECT' ? 'danger' : 'primary'} loading={decide.isPending}>
          {decide.isPending ? 'Saving...' : `${text.verb} ${count(applicationIds.length)}`}
        </Button>
      </div>
    </form>
  );
}
