import { ADMISSION_DECISIONS, type AdmissionDecision, APPLICATION_STATUS_LABELS } from '@school/contracts';

/** The admins' decisions as their buttons say them. */
export const DECISION_LABELS: Record<AdmissionDecision, string> = {
  SHORTLIST: 'Shortlist',
  OFFER: 'Offer',
  WAITLIST: 'Waitlist',
  REJECT: 'Reject',
  WITHDRAW: 'Withdraw',
};

export const DECISIONS = Object.keys(DECISION_LABELS) as AdmissionDecision[];

/** Each decision dialog's title. */
export const DECISION_TITLES: Record<AdmissionDecision, string> = {
  SHORTLIST: 'Shortlist applications',
  OFFER: 'Offer a place',
  WAITLIST: 'Put on the waiting list',
  REJECT: 'Reject applications',
  WITHDRAW: 'Withdraw applications',
};

/** What a decision sends each applicant, as its dialog says it. */
export const DECISION_EXPLAIN: Record<AdmissionDecision, string> = {
  SHORTLIST: 'Each applicant is emailed that they are on the shortlist.',
  OFFER: 'Each applicant is emailed the offer with the cohort and the date to accept by, and a private link to answer it.',
  WAITLIST: 'Each applicant is emailed that they are on the waiting list; a declined or expired offer goes to the next one.',
  REJECT: 'Each applicant is emailed that they were not successful.',
  WITHDRAW: 'The applications are withdrawn.',
};

/** The message after a decision: how many applications moved, and to which state. */
export function movedMessage(count: number, decision: AdmissionDecision): string {
  const noun = count === 1 ? 'application' : 'applications';
  return `${count} ${noun} moved to ${APPLICATION_STATUS_LABELS[ADMISSION_DECISIONS[decision]]}.`;
}
