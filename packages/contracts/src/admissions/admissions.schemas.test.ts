import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, ApplicationSchema } from '../applications/applications.schemas';
import {
  ADMISSION_DECISIONS,
  ADMISSION_TRANSITIONS,
  AdmissionApplicationSchema,
  BLIND_FIELDS,
  canMove,
  ConfirmScreeningSchema,
  DecideSchema,
  NOT_ELIGIBLE_REASON_MESSAGE,
  OFFER_ACCEPT_BY_MESSAGE,
  OFFER_COHORT_MESSAGE,
  RubricSchema,
  ReviewScoreSchema,
} from './admissions.schemas';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the admissions pipeline', () => {
  it('lists moves from every state, to states only, and ends with none', () => {
    expect(Object.keys(ADMISSION_TRANSITIONS).sort()).toEqual([...APPLICATION_STATUSES].sort());
    for (const end of ['ENROLLED', 'REJECTED', 'DECLINED', 'WITHDRAWN', 'OFFER_EXPIRED'] as const)
      expect(ADMISSION_TRANSITIONS[end]).toEqual([]);
    expect(canMove('SUBMITTED', 'SCREENED')).toBe(true);
    expect(canMove('SUBMITTED', 'OFFERED')).toBe(false);
    expect(canMove('WAITLISTED', 'OFFERED')).toBe(true);
    expect(canMove('OFFERED', 'ENROLLED')).toBe(false);
  });

  it('leads every decision to a state some review state may move to', () => {
    for (const to of Object.values(ADMISSION_DECISIONS)) expect(canMove('IN_REVIEW', to) || canMove('SHORTLISTED', to)).toBe(true);
  });
});

describe('blind fields', () => {
  it('are fields of an application, optional in the staff view', () => {
    const shape = ApplicationSchema.shape;
    for (const f of BLIND_FIELDS) expect(shape).toHaveProperty(f);
    const blinded = AdmissionApplicationSchema.safeParse({ ...Object.fromEntries(Object.keys(shape).map((k) => [k, null])) });
    expect(blinded.success).toBe(false);
  });
});

describe('requests', () => {
  it('asks a reason when an application is not eligible', () => {
    expect(errors(ConfirmScreeningSchema.safeParse({ eligible: false }))).toEqual({ reason: NOT_ELIGIBLE_REASON_MESSAGE });
    expect(ConfirmScreeningSchema.safeParse({ eligible: true }).success).toBe(true);
  });

  it('asks an offer for its cohort and accept-by date', () => {
    expect(errors(DecideSchema.safeParse({ application_ids: ['a'], decision: 'OFFER', reason: 'Top of the ranking' }))).toEqual({
      cohort_id: OFFER_COHORT_MESSAGE,
      accept_by: OFFER_ACCEPT_BY_MESSAGE,
    });
    expect(DecideSchema.safeParse({ application_ids: ['a'], decision: 'REJECT', reason: 'Below the bar' }).success).toBe(true);
    expect(DecideSchema.safeParse({ application_ids: ['a', 'a'], decision: 'REJECT', reason: 'x' }).success).toBe(false);
  });

  it('takes five level descriptions per criterion and unique ids', () => {
    const c = { id: 'motivation', title: 'Motivation', weight: 2, levels: ['1', '2', '3', '4', '5'] };
    expect(RubricSchema.safeParse({ criteria: [c] }).success).toBe(true);
    expect(RubricSchema.safeParse({ criteria: [{ ...c, levels: ['1', '2'] }] }).success).toBe(false);
    expect(RubricSchema.safeParse({ criteria: [c, c] }).success).toBe(false);
    expect(RubricSchema.safeParse({ criteria: [{ ...c, weight: 0 }] }).success).toBe(false);
  });

  it('scores each criterion with a whole number from 1 to 5', () => {
    expect(ReviewScoreSchema.safeParse({ scores: { a: 5, b: 1 }, comment: 'Clear goals' }).success).toBe(true);
    for (const bad of [0, 6, 2.5]) expect(ReviewScoreSchema.safeParse({ scores: { a: bad } }).success).toBe(false);
  });
});
