import type { CohortSubmissionStatus, UserSubmissionStatus } from '../learning/learning.schemas';

/** A grade item's state for one student, as staff see it (the gradebook's status filter). */
export const GRADE_STATES = ['NOT_OPEN', 'OPEN', 'SUBMITTED', 'GRADED', 'locked'] as const;
export type GradeState = (typeof GRADE_STATES)[number];

export interface GradeStateInput {
  /** Now, in ms. */
  now: number;
  /** When the item opens (ms); null: it is open from the start. */
  opensAt: number | null;
  /** The deadline (ms); null: no deadline. */
  deadline: number | null;
  /** The late deadline (ms): late submissions are taken until then; null: none after the deadline. */
  lateDeadline: number | null;
  submitted: boolean;
  graded: boolean;
}

/** When the item stops taking submissions: its late deadline, else its deadline (null: never). */
export function closesAt(input: Pick<GradeStateInput, 'deadline' | 'lateDeadline'>): number | null {
  if (input.lateDeadline !== null && (input.deadline === null || input.lateDeadline > input.deadline)) return input.lateDeadline;
  return input.deadline;
}

/**
 * The state from real facts: NOT_OPEN before the item opens, GRADED once graded, SUBMITTED once
 * handed in, locked once submissions have closed without one, OPEN otherwise.
 */
export function gradeState(input: GradeStateInput): GradeState {
  if (input.opensAt !== null && input.now < input.opensAt) return 'NOT_OPEN';
  if (input.graded) return 'GRADED';
  if (input.submitted) return 'SUBMITTED';
  const closes = closesAt(input);
  if (closes !== null && input.now >= closes) return 'locked';
  return 'OPEN';
}

/**
 * Whether a student may hand in (or hand in again) now, and whether it counts as late: before the
 * deadline always (a graded submission is final); between the deadline and the late deadline only
 * a first submission, marked late.
 */
export function submissionWindow(input: GradeStateInput): { allowed: boolean; late: boolean } {
  if (input.opensAt !== null && input.now < input.opensAt) return { allowed: false, late: false };
  if (input.graded) return { allowed: false, late: false };
  if (input.deadline === null || input.now < input.deadline) return { allowed: true, late: false };
  const closes = closesAt(input);
  if (closes !== null && input.now < closes && !input.submitted) return { allowed: true, late: true };
  return { allowed: false, late: false };
}

/**
 * The two statuses a student's grade row carries (learning-and-admin.md section 3): the item's
 * NOT_OPEN / OPEN / locked for this student, and the student's PENDING / SUBMITTED / GRADED. A
 * grade counts as GRADED for the student only once released (its result date has passed); until
 * then a graded hand-in still reads SUBMITTED, so nothing of the result shows early.
 */
export function studentGradeStatuses(input: GradeStateInput & { released: boolean }): {
  submission_status: CohortSubmissionStatus;
  user_submission_status: UserSubmissionStatus;
} {
  const state = gradeState(input);
  const user_submission_status: UserSubmissionStatus =
    input.graded && input.released ? 'GRADED' : input.submitted ? 'SUBMITTED' : 'PENDING';
  if (state === 'NOT_OPEN') return { submission_status: 'NOT_OPEN', user_submission_status };
  if (state === 'OPEN' || (state === 'SUBMITTED' && submissionWindow(input).allowed))
    return { submission_status: 'OPEN', user_submission_status };
  return { submission_status: 'locked', user_submission_status };
}

/** Whether a grade is visible to its student: results open at the item's date, else the cohort's (none: at once). */
export function isReleased(resultOpensAt: number | null, now: number): boolean {
  return resultOpensAt === null || resultOpensAt <= now;
}

/**
 * Results (and a quiz's answers) must not show while anyone can still hand in or start the item:
 * the API refuses a result date before the time submissions close with these messages. A result
 * date set on the item itself before its (late) deadline…
 */
export const resultBeforeDeadlineMessage = (late: boolean) =>
  late ? 'The result date cannot be before the late deadline' : 'The result date cannot be before the deadline';

/**
 * An item without a result date of its own opens its results at the cohort's: a (late) deadline
 * after that date is refused on the item with this message…
 */
export const deadlineAfterCohortResultMessage = (late: boolean) =>
  late ? "The late deadline cannot be after the cohort's result date" : "The deadline cannot be after the cohort's result date";

/** …and a cohort result date before the (late) deadline of such an item, on the cohort, naming the item. */
export const cohortResultBeforeDeadlineMessage = (late: boolean, itemTitle: string) =>
  `${resultBeforeDeadlineMessage(late)} of "${itemTitle}"`;

/** A result date (the item's own, else the cohort's) before the end of an extension already given on the item. */
export const RESULT_BEFORE_EXTENSION_MESSAGE = "The result date cannot be before the end of a student's extension";
export const cohortResultBeforeExtensionMessage = (itemTitle: string) => `${RESULT_BEFORE_EXTENSION_MESSAGE} on "${itemTitle}"`;

/** An extension must end by the item's result date (its own, else the cohort's), or classmates see results while the student works. */
export const EXTENSION_AFTER_RESULT_MESSAGE =
  'The extension cannot end after the result date, when results and answers show to the class; move the result date first';

/** A grade item's weight and one student's grade (0-100, null when not graded). */
export interface WeightedGrade {
  weight: number;
  grade: number | null;
}

/**
 * The weighted total of a student's grades, 0-100 to two decimals: each grade times its item's
 * grade_percentage, over the sum of the weights (so weights need not add up to 100); an ungraded
 * item counts as 0. Null when the items carry no weight at all.
 */
export function weightedTotal(items: readonly WeightedGrade[]): number | null {
  let weights = 0;
  let sum = 0;
  for (const item of items) {
    const weight = Math.max(0, Number(item.weight));
    weights += weight;
    sum += weight * Math.min(100, Math.max(0, Number(item.grade ?? 0)));
  }
  if (weights <= 0) return null;
  return Math.round((sum / weights) * 100) / 100;
}
