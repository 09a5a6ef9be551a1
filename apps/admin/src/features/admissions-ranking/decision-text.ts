import type { AdmissionDecision } from '@school/contracts';

/** The bulk decisions the ranking offers, in this order, with their button and message words. */
export const RANKING_DECISIONS = ['SHORTLIST', 'OFFER', 'WAITLIST', 'REJECT'] as const satisfies readonly AdmissionDecision[];

export const DECISION_TEXT: Record<AdmissionDecision, { button: string; verb: string; done: string; explain: string }> = {
  SHORTLIST: {
    button: 'Shortlist',
    verb: 'Shortlist',
    done: 'shortlisted',
    explain: 'Each applicant is emailed that they are on the shortlist.',
  },
  OFFER: {
    button: 'Offer',
    verb: 'Offer a place to',
    done: 'offered a place',
    explain: 'Each applicant is emailed the offer with the cohort and the date to accept by, and a private link to answer it.',
  },
  WAITLIST: {
    button: 'Waitlist',
    verb: 'Waitlist',
    done: 'waitlisted',
    explain: 'Each applicant is emailed that they are on the waiting list; a declined or expired offer goes to the next one.',
  },
  REJECT: {
    button: 'Reject',
    verb: 'Reject',
    done: 'rejected',
    explain: 'Each applicant is emailed that they were not successful.',
  },
  WITHDRAW: { button: 'Withdraw', verb: 'Withdraw', done: 'withdrawn', explain: 'The applications are withdrawn.' },
};

/** The accept-by date and time typed in the browser's time zone, as an ISO instant; null without a readable date. */
export function acceptByInstant(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T${/^\d{2}:\d{2}$/.test(time) ? time : '23:59'}`);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
