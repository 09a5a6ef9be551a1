import {
  DEFAULT_PHASES,
  type DateRule,
  TIMELINE_CYCLE_MESSAGE,
  TIMELINE_UNKNOWN_ANCHOR_MESSAGE,
  type TimelineOffset,
} from '@school/contracts';
import Holidays from 'date-holidays';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { phaseDates, resolveTimeline, shiftPreview, TimelineError } from './resolve-timeline';
import { SchoolCalendar } from './school-days';

afterEach(() => vi.restoreAllMocks());

const calendar = new SchoolCalendar(null);
const START = '2027-03-01'; // a Monday
const resolve = (rules: Record<string, DateRule>, start = START) =>
  resolveTimeline({ start, phases: DEFAULT_PHASES, rules: new Map(Object.entries(rules)), calendar });
const days = (amount: number, at?: string): TimelineOffset => ({ amount, unit: 'DAYS', at });
const iso = (d: Date | undefined) => d?.toISOString();
const refusal = (f: () => unknown): TimelineError => {
  try {
    f();
  } catch (e) {
    if (e instanceof TimelineError) return e;
    throw e;
  }
  throw new Error('expected the timeline to be refused');
};

describe('phaseDates', () => {
  it('runs the phases back to back from the start in calendar days, last days included', () => {
    expect(Object.fromEntries(phaseDates(START, DEFAULT_PHASES))).toEqual({
      ONLINE: { start: '2027-03-01', end: '2027-06-27' },
      OJT: { start: '2027-06-28', end: '2027-10-17' },
      CAREER: { start: '2027-10-18', end: '2027-12-16' },
    });
  });
});

describe('resolveTimeline', () => {
  it('dates items from the cohort start and the phases, at 00:00 Malaysia time unless told', () => {
    const dates = resolve({
      welcome: { anchor: { kind: 'COHORT_START' }, offset: days(0) },
      'ojt-kickoff': { anchor: { kind: 'PHASE_START', phase: 'OJT' }, offset: { amount: 2, unit: 'WEEKS' } },
      'online-wrap': { anchor: { kind: 'PHASE_END', phase: 'ONLINE' }, offset: days(0, '23:59') },
      'career-check': { anchor: { kind: 'PHASE_START', phase: 'CAREER' }, offset: days(-1, '09:30') },
    });
    expect(iso(dates.get('welcome'))).toBe('2027-02-28T16:00:00.000Z');
    expect(iso(dates.get('ojt-kickoff'))).toBe('2027-07-11T16:00:00.000Z'); // 12 July 00:00
    expect(iso(dates.get('online-wrap'))).toBe('2027-06-27T15:59:00.000Z');
    expect(iso(dates.get('career-check'))).toBe('2027-10-17T01:30:00.000Z');
  });

  it('follows edited phase lengths', () => {
    const dates = resolveTimeline({
      start: START,
      phases: DEFAULT_PHASES.map((p) => (p.key === 'ONLINE' ? { ...p, length_days: 7 } : p)),
      rules: new Map<string, DateRule>([['kickoff', { anchor: { kind: 'PHASE_START', phase: 'OJT' }, offset: days(0) }]]),
      calendar,
    });
    expect(iso(dates.get('kickoff'))).toBe('2027-03-07T16:00:00.000Z'); // 8 March
  });

  it('chains items in any order: the session + 2 days at 23:59, then 3 school days on', () => {
    const dates = resolve({
      marked: { anchor: { kind: 'ITEM', item_key: 'reflection' }, offset: { amount: 3, unit: 'SCHOOL_DAYS', at: '09:00' } },
      reflection: { anchor: { kind: 'ITEM', item_key: 'session' }, offset: days(2, '23:59') },
      session: { fixed: '2027-03-04T02:00:00Z' }, // Thursday 4 March, 10:00
    });
    expect(iso(dates.get('session'))).toBe('2027-03-04T02:00:00.000Z');
    expect(iso(dates.get('reflection'))).toBe('2027-03-06T15:59:00.000Z'); // Saturday 23:59
    // From Saturday: Monday is day 0; Hari Raya (9-10 March) is skipped: Thu 11, Fri 12, Mon 15.
    expect(iso(dates.get('marked'))).toBe('2027-03-15T01:00:00.000Z');
  });

  it("counts from the anchor's Malaysian date, not its UTC date", () => {
    const dates = resolve({
      late: { fixed: '2027-03-04T20:00:00Z' }, // Friday 5 March, 04:00 in Malaysia
      next: { anchor: { kind: 'ITEM', item_key: 'late' }, offset: days(1) },
    });
    expect(iso(dates.get('next'))).toBe('2027-03-05T16:00:00.000Z'); // Saturday 6 March 00:00
  });

  it('applies negative school-day offsets from a phase end', () => {
    const dates = resolve({
      // Online's last day is Sunday 27 June: five school days before is Monday 21 June.
      portfolio: { anchor: { kind: 'PHASE_END', phase: 'ONLINE' }, offset: { amount: -5, unit: 'SCHOOL_DAYS', at: '23:59' } },
    });
    expect(iso(dates.get('portfolio'))).toBe('2027-06-21T15:59:00.000Z');
  });

  it('refuses a loop, naming the items in it', () => {
    const e = refusal(() =>
      resolve({
        other: { fixed: '2027-03-04T02:00:00Z' },
        a: { anchor: { kind: 'ITEM', item_key: 'b' }, offset: days(1) },
        b: { anchor: { kind: 'ITEM', item_key: 'c' }, offset: days(1) },
        c: { anchor: { kind: 'ITEM', item_key: 'a' }, offset: days(1) },
      }),
    );
    expect(e.reason).toBe('CYCLE');
    expect(e.items).toEqual(['a', 'b', 'c']);
    expect(e.message).toBe(`${TIMELINE_CYCLE_MESSAGE}: a → b → c → a`);
    expect(refusal(() => resolve({ self: { anchor: { kind: 'ITEM', item_key: 'self' }, offset: days(0) } })).items).toEqual(['self']);
  });

  it('refuses an anchor that is not in the timeline, naming the item and the anchor', () => {
    const e = refusal(() => resolve({ review: { anchor: { kind: 'ITEM', item_key: 'gone' }, offset: days(1) } }));
    expect(e.reason).toBe('UNKNOWN_ANCHOR');
    expect(e.items).toEqual(['review', 'gone']);
    expect(e.message).toBe(`${TIMELINE_UNKNOWN_ANCHOR_MESSAGE}: review counts from gone`);
    const noCareer = refusal(() =>
      resolveTimeline({
        start: START,
        phases: DEFAULT_PHASES.slice(0, 2),
        rules: new Map<string, DateRule>([['x', { anchor: { kind: 'PHASE_END', phase: 'CAREER' }, offset: days(0) }]]),
        calendar,
      }),
    );
    expect(noCareer.items).toEqual(['x', 'CAREER']);
  });

  it('works out 300 timelines of 150 items with each rule read once and each year of holidays once', () => {
    const rules: Record<string, DateRule> = { session: { fixed: '2027-03-04T02:00:00Z' } };
    for (let i = 1; i < 150; i++) {
      rules[`item-${i}`] =
        i % 3 === 0
          ? {
              anchor: { kind: 'ITEM', item_key: i === 3 ? 'session' : `item-${i - 3}` },
              offset: { amount: 2, unit: 'SCHOOL_DAYS', at: '23:59' },
            }
          : { anchor: { kind: 'PHASE_START', phase: i % 3 === 1 ? 'OJT' : 'CAREER' }, offset: { amount: i % 40, unit: 'SCHOOL_DAYS' } };
    }
    const getHolidays = vi.spyOn(Holidays.prototype, 'getHolidays');
    const shared = new SchoolCalendar('10');
    let reads = 0;
    let dated = 0;
    for (let student = 0; student < 300; student++) {
      const map = new Map(Object.entries(rules));
      const get = map.get.bind(map);
      map.get = (key) => {
        reads++;
        return get(key);
      };
      dated += resolveTimeline({ start: START, phases: DEFAULT_PHASES, rules: map, calendar: shared }).size;
    }
    expect(dated).toBe(300 * 150);
    expect(reads).toBe(300 * 150);
    expect(getHolidays).toHaveBeenCalledTimes(1); // every date falls in 2027
  });
});

describe('shiftPreview', () => {
  it('lists the items whose dates change, with the old and new values', () => {
    const rules: Record<string, DateRule> = {
      fixed: { fixed: '2027-03-04T02:00:00Z' },
      open: { anchor: { kind: 'COHORT_START' }, offset: days(0) },
      deadline: { anchor: { kind: 'ITEM', item_key: 'open' }, offset: { amount: 5, unit: 'SCHOOL_DAYS', at: '23:59' } },
    };
    const before = resolve(rules);
    const moved = resolve(rules, '2027-03-08');
    const shifts = shiftPreview(before, moved);
    expect(shifts.map((s) => [s.item_key, iso(s.before ?? undefined), iso(s.after ?? undefined)])).toEqual([
      ['open', '2027-02-28T16:00:00.000Z', '2027-03-07T16:00:00.000Z'],
      // Five school days after Monday 1 March is Monday 8 March; after 8 March, Hari Raya (9-10) pushes it to 17 March.
      ['deadline', '2027-03-08T15:59:00.000Z', '2027-03-17T15:59:00.000Z'],
    ]);
    expect(shiftPreview(before, before)).toEqual([]);
    const fewer = new Map(moved);
    fewer.delete('fixed');
    expect(shiftPreview(before, fewer).at(-1)).toEqual({ item_key: 'fixed', before: before.get('fixed'), after: null });
  });
});
