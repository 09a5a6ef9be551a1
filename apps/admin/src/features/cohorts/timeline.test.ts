import type { Timeline, TimelineEntry } from '@school/contracts';
import { describe, expect, it } from 'vitest';
import { anchorOf, anchorValue, dateRange, headerChange, headerDraftOf, ruleDraftOf, ruleOf, weekLabel, weekOf } from './timeline';

const timeline: Timeline = {
  cohort_id_slug: 'h1',
  start_date: '2027-03-01',
  holiday_state: null,
  phases: [
    { key: 'ONLINE', title: 'Online', length_days: 119, start_date: '2027-03-01', end_date: '2027-06-27' },
    { key: 'OJT', title: 'OJT', length_days: 112, start_date: '2027-06-28', end_date: '2027-10-17' },
    { key: 'CAREER', title: 'Career support', length_days: 60, start_date: '2027-10-18', end_date: '2027-12-16' },
  ],
  entries: [],
  shifts: [],
};

describe('the timeline as the tab shows it', () => {
  it('counts weeks from the start date and writes their days short', () => {
    expect(weekOf('2027-03-01', '2027-03-01')).toBe(1);
    expect(weekOf('2027-03-01', '2027-03-07')).toBe(1);
    expect(weekOf('2027-03-01', '2027-03-08')).toBe(2);
    expect(weekLabel('2027-03-01', 3)).toBe('Week 3 · 15–21 Mar 2027');
    expect(weekLabel('2027-03-01', 5)).toBe('Week 5 · 29 Mar – 4 Apr 2027');
    expect(dateRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
  });

  it('sends only what the header form changed', () => {
    const draft = headerDraftOf(timeline);
    expect(headerChange(timeline, draft)).toEqual({});
    expect(headerChange(timeline, { ...draft, state: '10' })).toEqual({ holiday_state: '10' });
    const longer = { ...draft, phases: draft.phases.map((p) => (p.key === 'OJT' ? { ...p, length: '120' } : p)) };
    expect(headerChange(timeline, longer).phases?.map((p) => p.length_days)).toEqual([119, 120, 60]);
    expect(headerChange({ ...timeline, holiday_state: '07' }, { ...draft, state: '' })).toEqual({ holiday_state: null });
  });

  it('reads a rule into the form and back, anchors included', () => {
    for (const a of [{ kind: 'COHORT_START' }, { kind: 'PHASE_END', phase: 'OJT' }, { kind: 'ITEM', item_key: 'grade:l1:open' }] as const)
      expect(anchorOf(anchorValue(a))).toEqual(a);
    const e: TimelineEntry = {
      item_key: 'grade:l1:deadline',
      kind: 'GRADE_DEADLINE',
      title: 'Quiz 1 deadline',
      at: '2027-03-19T15:59:00.000Z',
      rule: { anchor: { kind: 'PHASE_START', phase: 'OJT' }, offset: { amount: -3, unit: 'SCHOOL_DAYS' } },
      rule_text: 'OJT start - 3 school days',
      phase: 'ONLINE',
    };
    expect(ruleOf(ruleDraftOf(e))).toEqual(e.rule);
    const fixed = ruleDraftOf({ ...e, rule: null });
    expect(fixed).toMatchObject({ kind: 'FIXED', fixed: '2027-03-19T23:59' });
    expect(ruleOf(fixed)).toEqual({ fixed: '2027-03-19T15:59:00.000Z' });
  });
});
