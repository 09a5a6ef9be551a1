import { describe, expect, it } from 'vitest';
import { gradeState, isReleased, studentGradeStatuses, submissionWindow, weightedTotal } from './grade-status';

const H = 3_600_000;
const base = { now: 10 * H, opensAt: 5 * H, deadline: 20 * H, lateDeadline: null, submitted: false, graded: false };

describe('gradeState', () => {
  it('is NOT_OPEN before the item opens, even with a submission', () => {
    expect(gradeState({ ...base, now: 4 * H })).toBe('NOT_OPEN');
  });
  it('is OPEN while it can be submitted', () => {
    expect(gradeState(base)).toBe('OPEN');
    expect(gradeState({ ...base, opensAt: null, deadline: null })).toBe('OPEN');
  });
  it('is SUBMITTED once handed in, before and after the deadline', () => {
    expect(gradeState({ ...base, submitted: true })).toBe('SUBMITTED');
    expect(gradeState({ ...base, submitted: true, now: 30 * H })).toBe('SUBMITTED');
  });
  it('is GRADED once graded', () => {
    expect(gradeState({ ...base, submitted: true, graded: true, now: 30 * H })).toBe('GRADED');
  });
  it('is locked when the deadline passed without a submission', () => {
    expect(gradeState({ ...base, now: 20 * H })).toBe('locked');
  });
  it('stays OPEN until the late deadline', () => {
    expect(gradeState({ ...base, now: 21 * H, lateDeadline: 22 * H })).toBe('OPEN');
    expect(gradeState({ ...base, now: 22 * H, lateDeadline: 22 * H })).toBe('locked');
  });
});

describe('submissionWindow', () => {
  it('takes submissions and resubmissions before the deadline', () => {
    expect(submissionWindow(base)).toEqual({ allowed: true, late: false });
    expect(submissionWindow({ ...base, submitted: true })).toEqual({ allowed: true, late: false });
  });
  it('refuses before opening, after grading and after the deadline', () => {
    expect(submissionWindow({ ...base, now: 1 * H }).allowed).toBe(false);
    expect(submissionWindow({ ...base, submitted: true, graded: true }).allowed).toBe(false);
    expect(submissionWindow({ ...base, now: 20 * H }).allowed).toBe(false);
  });
  it('takes a first submission after the deadline until the late deadline, marked late; no resubmission then', () => {
    expect(submissionWindow({ ...base, now: 21 * H, lateDeadline: 22 * H })).toEqual({ allowed: true, late: true });
    expect(submissionWindow({ ...base, now: 21 * H, lateDeadline: 22 * H, submitted: true }).allowed).toBe(false);
  });
});

describe('studentGradeStatuses', () => {
  it('maps each state to the two statuses a student sees', () => {
    expect(studentGradeStatuses({ ...base, now: 1 * H, released: false })).toEqual({
      submission_status: 'NOT_OPEN',
      user_submission_status: 'PENDING',
    });
    expect(studentGradeStatuses({ ...base, released: false })).toEqual({ submission_status: 'OPEN', user_submission_status: 'PENDING' });
    expect(studentGradeStatuses({ ...base, submitted: true, released: false })).toEqual({
      submission_status: 'OPEN',
      user_submission_status: 'SUBMITTED',
    });
    expect(studentGradeStatuses({ ...base, now: 30 * H, released: false })).toEqual({
      submission_status: 'locked',
      user_submission_status: 'PENDING',
    });
  });
  it('shows GRADED only once the result is released', () => {
    const graded = { ...base, submitted: true, graded: true };
    expect(studentGradeStatuses({ ...graded, released: false }).user_submission_status).toBe('SUBMITTED');
    expect(studentGradeStatuses({ ...graded, released: true })).toEqual({ submission_status: 'locked', user_submission_status: 'GRADED' });
  });
});

describe('isReleased', () => {
  it('releases at the result date, or at once without one', () => {
    expect(isReleased(null, 5)).toBe(true);
    expect(isReleased(5, 5)).toBe(true);
    expect(isReleased(6, 5)).toBe(false);
  });
});

describe('weightedTotal', () => {
  it('weighs each grade by its grade_percentage', () => {
    expect(
      weightedTotal([
        { weight: 30, grade: 80 },
        { weight: 70, grade: 50 },
      ]),
    ).toBe(59);
  });
  it('counts ungraded items as 0 and normalises weights that do not add up to 100', () => {
    expect(
      weightedTotal([
        { weight: 10, grade: 90 },
        { weight: 10, grade: null },
      ]),
    ).toBe(45);
  });
  it('rounds to two decimals and answers null without weights', () => {
    expect(
      weightedTotal([
        { weight: 1, grade: 100 },
        { weight: 2, grade: 0 },
      ]),
    ).toBe(33.33);
    expect(weightedTotal([])).toBeNull();
    expect(weightedTotal([{ weight: 0, grade: 100 }])).toBeNull();
  });
});
