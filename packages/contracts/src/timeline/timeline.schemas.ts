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
  .strictObject({ from: z.iso.date(), to: z.iso.date(), title: requiredText('Closure title is required', 120) })
  .refine((c) => c.from <= c.to, { error: CLOSURE_ORDER_MESSAGE, path: ['to'] });
export type SchoolClosure = z.infer<typeof SchoolClosureSchema>;

// ---- the cohort's timeline as the API answers and changes it ---------------------------------

export const TIMELINE_MESSAGES = {
  unknownItem: 'This date is not in the cohort’s timeline',
  shiftNotStudent: 'Choose a student of this cohort',
  shiftReasonRequired: 'Say why this student’s phase is longer',
  templateAnchor: 'A course’s dates count from the cohort’s start, a phase, or another date of the same lesson',
  closureNotFound: 'Closure not found',
} as const;

/** What a timeline entry is: a phase's first or last day, a grade item's date, or a live session. */
export const TIMELINE_ENTRY_KINDS = [
  'PHASE_START',
  'PHASE_END',
  'GRADE_OPEN',
  'GRADE_DEADLINE',
  'GRADE_LATE_DEADLINE',
  'GRADE_RESULTS',
  'SESSION',
] as const;
export const TimelineEntryKindSchema = z.enum(TIMELINE_ENTRY_KINDS);
export type TimelineEntryKind = z.infer<typeof TimelineEntryKindSchema>;

/** A phase with the dates it runs (Malaysian dates, both included). */
export const DatedPhaseSchema = PhaseSchema.extend({ start_date: z.iso.date(), end_date: z.iso.date() });
export type DatedPhase = z.infer<typeof DatedPhaseSchema>;

/**
 * One dated thing of the cohort. `item_key` names it in rules (`grade:<lesson>:deadline`,
 * `session:<session>`, `phase:OJT:start`); `rule` is null for a fixed date. Phase entries are
 * worked out from the phases and take no rule of their own.
 */
export const TimelineEntrySchema = z.object({
  item_key: z.string(),
  kind: TimelineEntryKindSchema,
  title: z.string(),
  at: z.iso.datetime({ offset: true }),
  rule: DateRuleSchema.nullable(),
  /** In words: 'OJT start + 2 weeks at 23:59', 'Fixed date'. */
  rule_text: z.string(),
  /** The phase the date falls in; null before the start or after the last phase. */
  phase: PhaseKeySchema.nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

/** One trainee's longer phase: their dates after it move by `days` (extensions of their items). */
export const TimelineShiftSchema = z.object({
  user_id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phase: PhaseKeySchema,
  /** Days given by hand (with `reason`). */
  days: z.number().int(),
  reason: z.string(),
  /** Days the trainee's breaks in their placement add to the phase, on top of `days`. */
  break_days: z.number().int(),
});
export type TimelineShift = z.infer<typeof TimelineShiftSchema>;

export const TimelineSchema = z.object({
  cohort_id_slug: z.string(),
  start_date: z.iso.date(),
  holiday_state: MalaysianStateSchema.nullable(),
  phases: z.array(DatedPhaseSchema),
  entries: z.array(TimelineEntrySchema),
  shifts: z.array(TimelineShiftSchema),
});
export type Timeline = z.infer<typeof TimelineSchema>;
export const CohortTimelineResponseSchema = z.object({ data: TimelineSchema });
export type CohortTimelineResponse = z.infer<typeof CohortTimelineResponseSchema>;

/** A change to a cohort's timeline; what is left out stays. A rule of null makes the date fixed where it is now. */
export const TimelineChangeSchema = z.strictObject({
  start_date: z.iso.date({ error: 'Enter the start date' }).optional(),
  phases: z
    .array(PhaseSchema)
    .refine((phases) => phases.length === PHASE_KEYS.length && phases.every((p, i) => p.key === PHASE_KEYS[i]), {
      error: TIMELINE_PHASES_MESSAGE,
    })
    .optional(),
  holiday_state: MalaysianStateSchema.nullable().optional(),
  rules: z
    .array(z.strictObject({ item_key: TimelineItemKeySchema, rule: DateRuleSchema.nullable() }))
    .max(2000)
    .optional(),
});
export type TimelineChange = z.infer<typeof TimelineChangeSchema>;

/** A date that moves (null before: new; null after: gone). */
export const TimelineMoveSchema = z.object({
  item_key: z.string(),
  title: z.string(),
  before: z.iso.datetime({ offset: true }).nullable(),
  after: z.iso.datetime({ offset: true }).nullable(),
});
export type TimelineMove = z.infer<typeof TimelineMoveSchema>;

/** What a change would move, and how many students would get the one mail that lists it. */
export const TimelinePreviewSchema = z.object({ moves: z.array(TimelineMoveSchema), students_to_tell: z.number().int() });
export type TimelinePreview = z.infer<typeof TimelinePreviewSchema>;
export const TimelinePreviewResponseSchema = z.object({ data: TimelinePreviewSchema });
export type TimelinePreviewResponse = z.infer<typeof TimelinePreviewResponseSchema>;

export const TimelineSavedResponseSchema = z.object({ data: TimelineSchema, moved: z.number().int(), students_told: z.number().int() });
export type TimelineSavedResponse = z.infer<typeof TimelineSavedResponseSchema>;

/** One trainee's phase made longer by `days` (0 takes the shift away), with the reason. */
export const SaveTimelineShiftSchema = z.strictObject({
  user_id_slug: z.string({ error: TIMELINE_MESSAGES.shiftNotStudent }).min(1, { error: TIMELINE_MESSAGES.shiftNotStudent }),
  phase: PhaseKeySchema,
  days: z.number({ error: 'Enter a number of days' }).int().min(0).max(365),
  reason: z.string().trim().max(500).default(''),
});
export type SaveTimelineShift = z.infer<typeof SaveTimelineShiftSchema>;

export const SchoolClosureItemSchema = z.object({ id_slug: z.string(), from: z.iso.date(), to: z.iso.date(), title: z.string() });
export type SchoolClosureItem = z.infer<typeof SchoolClosureItemSchema>;
export const SchoolClosuresResponseSchema = z.object({ data: z.array(SchoolClosureItemSchema) });
export type SchoolClosuresResponse = z.infer<typeof SchoolClosuresResponseSchema>;
export const ClosureIdParamsSchema = z.object({ closureId: z.string().min(1) });

/**
 * A quiz or project lesson's dates in any cohort that links its course: offsets from the cohort's
 * start, a phase, or another date of the same lesson (ITEM anchors name `open`, `deadline`, `late`
 * or `result`). Null: the cohort's defaults.
 */
export const LESSON_DATE_FIELDS = ['open', 'deadline', 'late', 'result'] as const;
export type LessonDateField = (typeof LESSON_DATE_FIELDS)[number];
const templateRule = z
  .strictObject({ anchor: TimelineAnchorSchema, offset: TimelineOffsetSchema })
  .refine((r) => r.anchor.kind !== 'ITEM' || (LESSON_DATE_FIELDS as readonly string[]).includes(r.anchor.item_key), {
    error: TIMELINE_MESSAGES.templateAnchor,
  })
  .nullable();
export const LessonDateTemplateSchema = z.strictObject({
  open: templateRule,
  deadline: templateRule,
  late: templateRule,
  result: templateRule,
});
export type LessonDateTemplate = z.infer<typeof LessonDateTemplateSchema>;
export const LessonDateTemplateResponseSchema = z.object({ data: LessonDateTemplateSchema });

/** The student's own schedule: their phases (their shifts included) and dated things, by time. */
export const ScheduleEntrySchema = z.object({
  kind: TimelineEntryKindSchema,
  title: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Where it leads in the portal: the lesson, or the session on the class page. */
  course_id_slug: z.string().nullable(),
  lesson_id_slug: z.string().nullable(),
  session_id_slug: z.string().nullable(),
  /** The date is the student's own (an extension or a longer phase). */
  own_date: z.boolean(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;
export const StudentScheduleResponseSchema = z.object({
  data: z.object({ phases: z.array(DatedPhaseSchema), entries: z.array(ScheduleEntrySchema) }),
});
export type StudentScheduleResponse = z.infer<typeof StudentScheduleResponseSchema>;
