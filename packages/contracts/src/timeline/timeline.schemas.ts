import { z } from 'zod';
import { requiredText } from '../common/text';

/**
 * The programme timeline: a cohort's phases, and the rule that dates each dated thing (a grade
 * item's open, deadline, late deadline and result dates; a live session; an OJT review or
 * milestone) either on a fixed moment or as an offset from an anchor. All wall-clock times are
 * Malaysia time. The API's date engine (apps/api/src/modules/timeline) resolves the rules.
 */

export const TIMELINE_CYCLE_MESSAGE = 'These dates count from each other in a loop, so none of them can be worked out';
export const TIMELINE_UNKNOWN_ANCHOR_MESSAGE = 'This date counts from something that is not in the timeline';
export const TIMELINE_BAD_TIME_MESSAGE = 'Enter a 24-hour time such as 09:00 or 23:59';
export const TIMELINE_FIXED_DATE_MESSAGE = 'Enter a date and time with its time zone';
export const TIMELINE_PHASES_MESSAGE = 'The phases are Online, OJT and Career support, in that order';

export const PHASE_KEYS = ['ONLINE', 'OJT', 'CAREER'] as const;
export const PhaseKeySchema = z.enum(PHASE_KEYS);
export type PhaseKey = z.infer<typeof PhaseKeySchema>;

/** A phase's length in calendar days; the next phase starts the day after it ends. */
export const PhaseSchema = z.object({
  key: PhaseKeySchema,
  title: requiredText('Phase title is required', 80),
  length_days: z.number().int().min(1).max(730),
});
export type Phase = z.infer<typeof PhaseSchema>;

/** About four months online (17 weeks), 16 weeks of OJT, 60 days of career support. */
export const DEFAULT_PHASES: readonly Phase[] = [
  { key: 'ONLINE', title: 'Online', length_days: 119 },
  { key: 'OJT', title: 'OJT', length_days: 112 },
  { key: 'CAREER', title: 'Career support', length_days: 60 },
];

/** A cohort's phases: each of the three once, in programme order; titles and lengths editable. */
export const PhasesSchema = z
  .array(PhaseSchema)
  .refine((phases) => phases.length === PHASE_KEYS.length && phases.every((p, i) => p.key === PHASE_KEYS[i]), {
    error: TIMELINE_PHASES_MESSAGE,
  })
  .default(() => DEFAULT_PHASES.map((p) => ({ ...p })));

export const TimelineItemKeySchema = requiredText('Item key is required', 120);

/** What an offset counts from: the cohort's start, a phase's first or last day, or another item. */
export const TimelineAnchorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('COHORT_START') }),
  z.object({ kind: z.literal('PHASE_START'), phase: PhaseKeySchema }),
  z.object({ kind: z.literal('PHASE_END'), phase: PhaseKeySchema }),
  z.object({ kind: z.literal('ITEM'), item_key: TimelineItemKeySchema }),
]);
export type TimelineAnchor = z.infer<typeof TimelineAnchorSchema>;

export const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const OFFSET_UNITS = ['DAYS', 'SCHOOL_DAYS', 'WEEKS'] as const;

/** `amount` units after (or, negative, before) the anchor's date, at `at` Malaysia time (00:00 when absent). */
export const TimelineOffsetSchema = z.object({
  amount: z.number().int().min(-3650).max(3650),
  unit: z.enum(OFFSET_UNITS),
  at: z.string().regex(WALL_TIME_PATTERN, { error: TIMELINE_BAD_TIME_MESSAGE }).optional(),
});
export type TimelineOffset = z.infer<typeof TimelineOffsetSchema>;

export const DateRuleSchema = z.union([
  z.strictObject({ fixed: z.iso.datetime({ offset: true, error: TIMELINE_FIXED_DATE_MESSAGE }) }),
  z.strictObject({ anchor: TimelineAnchorSchema, offset: TimelineOffsetSchema }),
]);
export type DateRule = z.infer<typeof DateRuleSchema>;

/** Malaysia's states and federal territories as the holiday library (date-holidays) codes them. */
export const MALAYSIAN_STATES = {
  '01': 'Johor',
  '02': 'Kedah',
  '03': 'Kelantan',
  '04': 'Malacca',
  '05': 'Negeri Sembilan',
  '06': 'Pahang',
  '07': 'Penang',
  '08': 'Perak',
  '09': 'Perlis',
  '10': 'Selangor',
  '11': 'Terengganu',
  '12': 'Sabah',
  '13': 'Sarawak',
  '14': 'Kuala Lumpur',
  '15': 'Labuan',
  '16': 'Putrajaya',
} as const;
export type MalaysianState = keyof typeof MALAYSIAN_STATES;
export const MalaysianStateSchema = z.enum(Object.keys(MALAYSIAN_STATES) as [MalaysianState, ...MalaysianState[]]);

export const CLOSURE_ORDER_MESSAGE = 'The closure must end on or after the day it starts';

/** The school's own closure: no school days from `from` to `to`, both included (Malaysian dates). */
export const SchoolClosureSchema = z
  .object({ from: z.iso.date(), to: z.iso.date(), title: requiredText('Closure title is required', 120) })
  .refine((c) => c.from <= c.to, { error: CLOSURE_ORDER_MESSAGE, path: ['to'] });
export type SchoolClosure = z.infer<typeof SchoolClosureSchema>;
