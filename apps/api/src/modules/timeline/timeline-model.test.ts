import { DEFAULT_PHASES } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { entriesOf, followingKeys, ruleText } from './timeline-model';
import type { GradeItemDates } from './timeline.queries';

const item = (is_default: boolean): GradeItemDates => ({
  id: '1',
  is_default,
  lesson_id_slug: 'quiz',
  lesson_title: 'Etch check',
  course_id_slug: 'course',
  open: new Date('2027-03-01T01:00:00Z'),
  deadline: new Date('2027-03-15T15:59:00Z'),
  late: null,
  result: null,
});

describe('timeline entries', () => {
  it("say in words how each date is set: a rule, the cohort's dates for items at their defaults, else fixed", () => {
    const titles = new Map([
      ['grade:quiz:open', { kind: 'GRADE_OPEN' as const, title: 'Etch check opens' }],
      ['grade:quiz:deadline', { kind: 'GRADE_DEADLINE' as const, title: 'Etch check deadline' }],
    ]);
    const moments = new Map([
      ['grade:quiz:open', new Date('2027-03-01T01:00:00Z')],
      ['grade:quiz:deadline', new Date('2027-03-15T15:59:00Z')],
    ]);
    const rules = new Map([
      [
        'grade:quiz:deadline',
        { anchor: { kind: 'PHASE_START' as const, phase: 'ONLINE' as const }, offset: { amount: 2, unit: 'WEEKS' as const, at: '23:59' } },
      ],
    ]);
    const things = (is_default: boolean) => ({ grades: [item(is_default)], sessions: [] });
    const words = (is_default: boolean) =>
      entriesOf(moments, titles, rules, '2027-03-01', DEFAULT_PHASES, followingKeys(things(is_default))).map((e) => e.rule_text);
    expect(words(true)).toEqual(["Follows the cohort's dates", 'Online start + 2 weeks at 23:59']);
    expect(words(false)).toEqual(['Fixed date', 'Online start + 2 weeks at 23:59']);
    expect(ruleText({ anchor: { kind: 'COHORT_START' }, offset: { amount: -1, unit: 'SCHOOL_DAYS' } }, DEFAULT_PHASES, titles)).toBe(
      'Cohort start − 1 school day',
    );
  });
});
