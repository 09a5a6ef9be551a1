import { usePageTitle } from '../../lib/use-page-title';
import './applications.css';

/** Copy of the applicant's status pages. */
export const applicationStatusCopy = {
  indexTitle: 'Your application',
  indexLead:
    'To see the status of your application, open the private link in the confirmation email we sent you when you applied. No account is needed.',
  indexNote: 'Please check your spam or promotions folder if you cannot find it.',
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
    </section>
  );
}
