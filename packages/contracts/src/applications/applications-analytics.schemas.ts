import { z } from 'zod';
import { ApplicationStatusSchema } from './applications.schemas';

/** The states of the main path, in order: an application reaching one has passed every earlier one. */
export const ANALYTICS_PIPELINE_STAGES = ['SUBMITTED', 'SCREENED', 'IN_REVIEW', 'SHORTLISTED', 'OFFERED', 'ACCEPTED', 'ENROLLED'] as const;

/** The transitions that are a decision on an application (the decisions export's rows). */
export const ANALYTICS_DECISION_STATES = [
  'OFFERED',
  'WAITLISTED',
  'REJECTED',
  'ACCEPTED',
  'ENROLLED',
  'DECLINED',
  'OFFER_EXPIRED',
] as const;

export const ANALYTICS_INVALID_DATE_MESSAGE = 'Use a date as YYYY-MM-DD';
export const ANALYTICS_DATE_ORDER_MESSAGE = 'The start date must not be after the end date';
export const ANALYTICS_UNKNOWN_INTAKE_MESSAGE = 'Unknown intake';

/** A calendar day as YYYY-MM-DD that exists (no 30 February). */
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const day = z.string().refine(
  (v) => {
    try {
      return isDay(v);
    } catch {
      return false;
    }
  },
  { error: ANALYTICS_INVALID_DATE_MESSAGE },
);

/**
 * Which applications a figure counts: one intake (the initiative's frontend_slug; the current intake
 * when absent) and, optionally, those submitted from `from` to `to` (whole days in Malaysia's time,
 * both included). Every figure follows the selected applications through all their transitions.
 */
export const ApplicationsAnalyticsQuerySchema = z
  .object({
    intake: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,100}$/, { error: ANALYTICS_UNKNOWN_INTAKE_MESSAGE })
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: ANALYTICS_DATE_ORDER_MESSAGE, path: ['to'] });
export type ApplicationsAnalyticsQuery = z.infer<typeof ApplicationsAnalyticsQuerySchema>;

/** The intake and range a figure was computed for (the intake resolved when the query had none). */
const ScopeSchema = z.object({ intake: z.string(), from: z.string().nullable(), to: z.string().nullable() });

/**
 * The funnel: per state, how many applications are in it now, and how many reached it. For a stage
 * of the main path, reached counts every application whose transitions went to it or further along
 * the path; for the other states (rejected, waitlisted...), every application that ever moved there.
 */
export const ApplicationsFunnelResponseSchema = z.object({
  scope: ScopeSchema,
  /** The programme's intakes (newest first), for choosing another. */
  intakes: z.array(z.object({ value: z.string(), label: z.string() })),
  total: z.number().int(),
  data: z.array(z.object({ status: ApplicationStatusSchema, current: z.number().int(), reached: z.number().int() })),
});
export type ApplicationsFunnelResponse = z.infer<typeof ApplicationsFunnelResponseSchema>;

/** Per ISO week (Monday, Malaysia's time), from the first active week to the last: new applications and moves into each state. */
export const ApplicationsOverTimeResponseSchema = z.object({
  scope: ScopeSchema,
  data: z.array(
    z.object({
      /** ISO week, e.g. 2026-W45. */
      week: z.string(),
      /** Its Monday, YYYY-MM-DD. */
      week_start: z.string(),
      new_applications: z.number().int(),
      transitions: z.partialRecord(ApplicationStatusSchema, z.number().int()),
    }),
  ),
});
export type ApplicationsOverTimeResponse = z.infer<typeof ApplicationsOverTimeResponseSchema>;

export const ANALYTICS_BREAKDOWNS = ['state', 'highest_qualification', 'field_study', 'course'] as const;
export type AnalyticsBreakdown = (typeof ANALYTICS_BREAKDOWNS)[number];

export const BreakdownRowSchema = z.object({
  /** The stored answer (a Malaysian state's id, a qualification, a field of study, a course track). */
  value: z.string(),
  /** The answer as the form shows it (a state's name). */
  label: z.string(),
  total: z.number().int(),
  /** total / the applications selected, 0 to 1 (4 decimals). */
  share: z.number(),
  /** Applications that were ever offered a place. */
  offered: z.number().int(),
  /** Applications enrolled. */
  enrolled: z.number().int(),
});
export type BreakdownRow = z.infer<typeof BreakdownRowSchema>;

/** Applications per answer of each breakdown, most first. */
export const ApplicationsBreakdownsResponseSchema = z.object({
  scope: ScopeSchema,
  total: z.number().int(),
  data: z.object({
    state: z.array(BreakdownRowSchema),
    highest_qualification: z.array(BreakdownRowSchema),
    field_study: z.array(BreakdownRowSchema),
    course: z.array(BreakdownRowSchema),
  }),
});
export type ApplicationsBreakdownsResponse = z.infer<typeof ApplicationsBreakdownsResponseSchema>;

const DaysSchema = z.object({
  decided: z.number().int(),
  median_days: z.number().nullable(),
  p90_days: z.number().nullable(),
  mean_days: z.number().nullable(),
});

/** Days from submission to the first decision (decided_at), overall and per ISO week of the decision (2 decimals). */
export const ApplicationsTimeToDecisionResponseSchema = z.object({
  scope: ScopeSchema,
  data: DaysSchema.extend({
    undecided: z.number().int(),
    weeks: z.array(DaysSchema.extend({ week: z.string(), week_start: z.string() })),
  }),
});
export type ApplicationsTimeToDecisionResponse = z.infer<typeof ApplicationsTimeToDecisionResponseSchema>;

/**
 * Columns of the decisions export, in order. 'Reference' is the application's reference as the
 * admin screens show it (the first 8 characters of its id in capitals); the two dates say which
 * decision they are the time of, in Malaysia time.
 */
export const DECISIONS_CSV_HEADER = [
  'Reference',
  'Name',
  'Email',
  'Course',
  'State',
  'Status',
  'Decision',
  'This decision made at (Malaysia time)',
  'First decision made at (Malaysia time)',
  'Reason',
  'Decided by',
] as const;
