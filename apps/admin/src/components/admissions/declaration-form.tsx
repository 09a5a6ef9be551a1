import { CONFLICT_NOTE_MESSAGE } from '@school/contracts';
import { Button, routeKey, TextAreaField, useRouteMutation } from '@school/ui';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, fieldError } from '../../lib/api-errors';
import { useNotify } from '../../lib/notice';

export const CHOOSE_CONFLICT_MESSAGE = 'Say whether you have a conflict of interest';
export const CONFLICT_DECLARED_MESSAGE = 'You declared a conflict of interest: this application is no longer assigned to you.';
export const INTERVIEW_CONFLICT_DECLARED_MESSAGE =
  'You declared a conflict of interest: you are no longer on this applicant’s interview panel.';

/** What each kind of assignment says, and the calls it declares with. */
const KINDS = {
  review: {
    declare: 'admissionsDeclareConflict',
    invalidates: (params: { applicationId: string }) => [
      routeKey('admissionsReviewDeclaration', { params }),
      routeKey('admissionsReviewQueue'),
    ],
    intro: 'You are assigned to review the application of',
    bias: 'your review',
    leaves: 'the application leaves your queue',
  },
  interview: {
    declare: 'admissionsInterviewDeclare',
    invalidates: (params: { applicationId: string }) => [
      routeKey('admissionsInterviewDeclaration', { params }),
      routeKey('admissionsInterview', { params }),
      routeKey('admissionsMyInterviews'),
    ],
    intro: 'You are on the interview panel of',
    bias: 'your scores',
    leaves: 'you leave this applicant’s panel',
  },
} as const;

/**
 * The question a reviewer (or an interview panel member) answers before an assigned application
 * (or interview) opens: do they have a conflict of interest with the applicant, named here only. No
 * conflict opens it; a conflict (with what it is) takes them off it, and the admins see it.
 */
export function DeclarationForm({
  kind = 'review',
  applicationId,
  applicantName,
  queuePath,
}: {
  kind?: keyof typeof KINDS;
  applicationId: string;
  applicantName: string;
  queuePath: string;
}) {
  const words = KINDS[kind];
  const id = useId();
  const notify = useNotify();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<'' | 'none' | 'conflict'>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ conflict?: string; note?: string }>({});
  const params = { applicationId };
  // Told and moved on from the mutation itself: after a conflict this page has nothing left to show.
  // Both calls take and answer the same declaration; one kind per form.
  const declare = useRouteMutation(words.declare as 'admissionsDeclareConflict', {
    invalidates: () => words.invalidates(params),
    onSuccess: (answer) => {
      if (!answer.data.conflict) return;
      // The notice belongs to the queue the reviewer is sent to, not to this page.
      notify.success(kind === 'review' ? CONFLICT_DECLARED_MESSAGE : INTERVIEW_CONFLICT_DECLARED_MESSAGE, { page: queuePath });
      navigate(queuePath);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!choice) found.conflict = CHOOSE_CONFLICT_MESSAGE;
    if (choice === 'conflict' && !note.trim()) found.note = CONFLICT_NOTE_MESSAGE;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    declare.mutate({ params, body: { conflict: choice === 'conflict', note: choice === 'conflict' ? note.trim() : '' } });
  };
  const apiError = declare.isError ? declare.error : null;
  return (
    <section className="admin-card ui-stack admin-review-declaration" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-section-title">
        Conflict of interest
      </h2>
      <p>
        {words.intro} <strong>{applicantName}</strong>. Before it opens, say whether you have a conflict of interest with them: family,
        friendship, work together, or anything else that could bias {words.bias}.
      </p>
      <form className="admin-form" noValidate onSubmit={submit}>
        <fieldset className="admin-review-declaration__choice" aria-describedby={errors.conflict ? `${id}-error` : undefined}>
          <legend>Do you have a conflict of interest with {applicantName}?</legend>
          <label className="admin-review-declaration__option">
            <input type="radio" name={`${id}-conflict`} checked={choice === 'none'} onChange={() => setChoice('none')} />
            No, I have no conflict of interest
          </label>
          <label className="admin-review-declaration__option">
            <input type="radio" name={`${id}-conflict`} checked={choice === 'conflict'} onChange={() => setChoice('conflict')} />
            Yes, I have a conflict of interest
          </label>
          {errors.conflict && (
            <p id={`${id}-error`} className="admin-danger-text" role="alert">
              {errors.conflict}
            </p>
          )}
        </fieldset>
        {choice === 'conflict' && (
          <TextAreaField
            label="What is the conflict?"
            required
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            error={errors.note ?? fieldError(apiError, 'note')}
            hint={`The admins read it on the application; ${words.leaves}.`}
          />
        )}
        {apiError && !fieldError(apiError, 'note') && (
          <p className="admin-admissions-alert" role="alert">
            {errorMessage(apiError)}
          </p>
        )}
        <div className="admin-form__actions">
          <Button type="submit" loading={declare.isPending}>
            {declare.isPending ? 'Saving...' : 'Confirm'}
          </Button>
        </div>
      </form>
    </section>
  );
}
