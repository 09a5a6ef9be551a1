import {
  ADMISSION_DECISIONS,
  type AdmissionDecision,
  APPLICATION_STATUS_LABELS,
  type Eligibility,
  ELIGIBILITY_FILTERS,
  isApiError,
} from '@school/contracts';

/** What a screening flag says: the rule is met, not met, or the form cannot tell. */
export const FLAG_TEXT = { true: 'Met', false: 'Not met', null: 'To confirm' } as const;
export const flagText = (v: boolean | null | undefined) => FLAG_TEXT[String(v ?? null) as 'true' | 'false' | 'null'];

/** The screening in one word: the admin's confirmation, or 'To confirm' before it. */
export function screeningLabel(eligible: boolean | null): string {
  return eligible === null ? 'To confirm' : eligible ? 'Eligible' : 'Not eligible';
}

/** What the rules' flags found, for the line under the screening: rules not met, then rules to check. */
export function flagSummary(flags: Eligibility | null): string {
  if (!flags) return 'No flags';
  const values = Object.values(flags);
  const notMet = values.filter((v) => v === false).length;
  const unknown = values.filter((v) => v === null).length;
  if (notMet === 0 && unknown === 0) return 'All rules met';
  return [notMet && `${notMet} not met`, unknown && `${unknown} to check`].filter(Boolean).join(', ');
}

/** The screening filter's choices (the list query's `eligibility`). */
export const ELIGIBILITY_FILTER_LABELS: Record<(typeof ELIGIBILITY_FILTERS)[number], string> = {
  eligible: 'Eligible',
  not_eligible: 'Not eligible',
  unconfirmed: 'To confirm',
  flagged: 'A rule not met',
};

/** The admins' decisions as their buttons say them. */
export const DECISION_LABELS: Record<AdmissionDecision, string> = {
  SHORTLIST: 'Shortlist',
  OFFER: 'Offer',
  WAITLIST: 'Waitlist',
  REJECT: 'Reject',
  WITHDRAW: 'Withdraw',
};

export const DECISIONS = Object.keys(DECISION_LABELS) as AdmissionDecision[];

/** The message after a decision: how many applications moved, and to which state. */
export function movedMessage(count: number, decision: AdmissionDecision): string {
  const noun = count === 1 ? 'application' : 'applications';
  return `${count} ${noun} moved to ${APPLICATION_STATUS_LABELS[ADMISSION_DECISIONS[decision]]}.`;
}

/** A weighted score on the 1-5 scale, with at most two decimals (null: a dash). */
export function formatScore(score: number | null | undefined): string {
  if (score === null || score === undefined) return '–';
  return String(Math.round(score * 100) / 100);
}

export const FAILED_MESSAGE = 'Uh oh... something went wrong. Please try again later.';

/** The API's own message for a refused change (400, 404, 409), or a general one. */
export function errorMessage(error: unknown): string {
  return isApiError(error) && error.status < 500 ? error.message : FAILED_MESSAGE;
}

/** The API's message for one field of the request, if it named one. */
export function fieldError(error: unknown, field: string): string | undefined {
  return isApiError(error) ? error.errors?.[field] : undefined;
}
