import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, type ResendStatusLink, ResendStatusLinkSchema, STATUS_LINK_SENT_MESSAGE } from '@school/contracts';
import { Button, TextField, useSession } from '@school/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useHydrated } from '../../lib/use-hydrated';
import { usePageTitle } from '../../lib/use-page-title';
import './applications.css';

/** Copy of the applicant's status pages. */
export const applicationStatusCopy = {
  indexTitle: 'Your application',
  indexLead:
    'To see the status of your application, open the private link in the confirmation email we sent you when you applied. No account is needed.',
  indexNote: 'Please check your spam or promotions folder if you cannot find it.',
  resendTitle: 'Lost the email?',
  resendLead: 'Enter the email you applied with and we will send your private link to it again.',
  resendButton: 'Send my link',
  resendFailed: 'Your request could not be sent right now. Please try again.',
  title: 'Your application',
  invalid: 'This link is not valid. Use the link in your confirmation email.',
  failed: 'Your application could not be loaded right now. Please try again.',
  timeline: 'Timeline',
  offerTitle: 'Your offer',
  cohort: 'Cohort',
  dates: 'Dates',
  acceptBy: 'Accept by',
  accept: 'Accept my place',
  acceptByPassed: 'The time to accept this offer has passed.',
  decline: 'Decline',
  declineConfirm: 'Decline this place? It will be offered to another applicant, and this cannot be undone.',
  declineYes: 'Yes, decline my place',
  keep: 'Keep my offer',
  withdraw: 'Withdraw my application',
  withdrawConfirm: 'Withdraw your application? This cannot be undone.',
  withdrawYes: 'Yes, withdraw',
  keepApplication: 'Keep my application',
} as const;

/** /applications/: where applicants are told to follow their application through their private link. */
export function ApplicationsPage() {
  usePageTitle('Applications');
  const c = applicationStatusCopy;
  return (
    <section className="site-application-status" aria-labelledby="applications-title">
      <h1 id="applications-title">{c.indexTitle}</h1>
      <p>{c.indexLead}</p>
      <p className="site-application-status__note">{c.indexNote}</p>
      <ResendLinkForm />
    </section>
  );
}

/** Sends the private link again to the email applied with; the answer never says whether an application exists. */
function ResendLinkForm() {
  const c = applicationStatusCopy;
  const { client } = useSession();
  const hydrated = useHydrated();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ResendStatusLink>({
    resolver: zodResolver(ResendStatusLinkSchema),
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      const res = await client.call('applicantResendLink', { body });
      setSent(res.message || STATUS_LINK_SENT_MESSAGE);
    } catch (e) {
      if (e instanceof ApiError && e.errors?.email) setError('email', { message: e.errors.email });
      else setFailure(e instanceof ApiError && e.status > 0 && e.status < 500 ? e.message : c.resendFailed);
    }
  });

  return (
    <>
      <h2>{c.resendTitle}</h2>
      {sent ? (
        <output className="site-application-status__message">{sent}</output>
      ) : (
        <form method="post" onSubmit={onSubmit} noValidate>
          <p>{c.resendLead}</p>
          <fieldset className="site-form-fieldset" disabled={!hydrated}>
            <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
            {failure && (
              <p role="alert" className="site-application-status__alert">
                {failure}
              </p>
            )}
            <Button type="submit" disabled={!hydrated || isSubmitting}>
              {isSubmitting ? 'Submitting...' : c.resendButton}
            </Button>
          </fieldset>
        </form>
      )}
    </>
  );
}
