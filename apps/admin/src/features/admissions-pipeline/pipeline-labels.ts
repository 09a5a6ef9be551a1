import type { ApplicationViewPlace, Eligibility, ELIGIBILITY_FILTERS } from '@school/contracts';

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
  flagged: 'A rule not met or a warning',
  duplicate: 'Possible duplicate',
};

/** Where a staff member (or the applicant) saw an application, in the audit log's words: every place the API records. */
export const VIEW_PLACES: Record<ApplicationViewPlace, string> = {
  admissionsDetail: 'Application page',
  admissionsTimeline: 'Application timeline',
  admissionsList: 'Admissions list',
  admissionsListSearch: 'Admissions list search',
  admissionsRanking: 'Ranking',
  admissionsInterview: 'Interview page (panel)',
  admissionsReviewDeclaration: 'Conflict-of-interest question (reviewer)',
  admissionsInterviewDeclaration: 'Conflict-of-interest question (interview panel)',
  admissionsConflictDeclared: 'Declared a conflict of interest',
  admissionsPreviewMailTemplate: 'Mail template preview',
  admissionsErasureRequests: 'Erasure requests (Records page)',
  adminApplicationList: 'Applications list',
  adminApplicationListSearch: 'Applications list search',
  adminApplicationDetail: 'Application details (applications list)',
  adminApplicationExport: 'Applications export (CSV)',
  applicationsAnalyticsDecisionsExport: 'Decisions export (CSV)',
  applicantStatus: 'Status page (private link)',
  applicantInterview: 'Interview booking (private link)',
};
export const viewPlace = (call: string) => VIEW_PLACES[call as ApplicationViewPlace] ?? 'Another admin screen';
