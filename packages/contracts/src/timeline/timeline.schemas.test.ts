import { describe, expect, it } from 'vitest';
import {
  CLOSURE_ORDER_MESSAGE,
  DateRuleSchema,
  MalaysianStateSchema,
  PhasesSchema,
  SchoolClosureSchema,
  TIMELINE_BAD_TIME_MESSAGE,
  TIMELINE_PHASES_MESSAGE,
  TimelineOffsetSchema,
} from './timeline.schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('timeline schemas', () => {
  it('defaults the phases to 17 weeks online, 16 weeks of OJT and 60 days of career support', () => {
    expect(PhasesSchema.parse(undefined).map((p) => [p.key, p.length_days])).toEqual([
      ['ONLINE', 119],
      ['OJT', 112],
      ['CAREER', 60],
    ]);
  });

  it('takes edited titles and lengths but not a missing or reordered phase', () => {
    const edited = PhasesSchema.parse([
      { key: 'ONLINE', title: 'Online classes', length_days: 126 },
      { key: 'OJT', title: 'OJT', length_days: 112 },
      { key: 'CAREER', title: 'Career support', length_days: 60 },
    ]);
    expect(edited[0]).toEqual({ key: 'ONLINE', title: 'Online classes', length_days: 126 });
    const reordered = PhasesSchema.safeParse([
      { key: 'OJT', title: 'OJT', length_days: 112 },
      { key: 'ONLINE', title: 'Online', length_days: 119 },
      { key: 'CAREER', title: 'Career support', length_days: 60 },
    ]);
    expect(messages(reordered)).toEqual([TIMELINE_PHASES_MESSAGE]);
    expect(PhasesSchema.safeParse([{ key: 'ONLINE', title: 'Online', length_days: 0 }]).success).toBe(false);
  });

  it('takes whole negative offsets and refuses fractions and bad times with the message', () => {
    expect(TimelineOffsetSchema.parse({ amount: -5, unit: 'SCHOOL_DAYS', at: '23:59' }).amount).toBe(-5);
    expect(TimelineOffsetSchema.safeParse({ amount: 1.5, unit: 'DAYS' }).success).toBe(false);
    for (const at of ['24:00', '9:00', '12:60', '23:59:00']) {
      expect(messages(TimelineOffsetSchema.safeParse({ amount: 1, unit: 'DAYS', at }))).toEqual([TIMELINE_BAD_TIME_MESSAGE]);
    }
  });

  it('dates an item either on a fixed moment with its zone or from an anchor', () => {
    expect(DateRuleSchema.safeParse({ fixed: '2027-03-04T10:00:00+08:00' }).success).toBe(true);
    expect(DateRuleSchema.safeParse({ fixed: '2027-03-04T10:00:00' }).success).toBe(false);
    for (const anchor of [
      { kind: 'COHORT_START' },
      { kind: 'PHASE_START', phase: 'OJT' },
      { kind: 'PHASE_END', phase: 'ONLINE' },
      { kind: 'ITEM', item_key: 'live-session:1' },
    ]) {
      expect(DateRuleSchema.safeParse({ anchor, offset: { amount: 2, unit: 'WEEKS' } }).success).toBe(true);
    }
    expect(DateRuleSchema.safeParse({ anchor: { kind: 'PHASE_END' }, offset: { amount: 0, unit: 'DAYS' } }).success).toBe(false);
    expect(
      DateRuleSchema.safeParse({ fixed: '2027-03-04T10:00:00Z', anchor: { kind: 'COHORT_START' }, offset: { amount: 0, unit: 'DAYS' } })
        .success,
    ).toBe(false);
  });

  it("takes the states' holiday codes and closures that end on or after they start", () => {
    expect(MalaysianStateSchema.safeParse('10').success).toBe(true);
    expect(MalaysianStateSchema.safeParse('SGR').success).toBe(false);
    expect(SchoolClosureSchema.safeParse({ from: '2027-12-20', to: '2027-12-31', title: 'Year-end break' }).success).toBe(true);
    expect(messages(SchoolClosureSchema.safeParse({ from: '2027-12-20', to: '2027-12-19', title: 'Oops' }))).toEqual([
      CLOSURE_ORDER_MESSAGE,
    ]);
  });
});
