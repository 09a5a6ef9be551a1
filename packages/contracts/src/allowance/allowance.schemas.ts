import { z } from 'zod';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';
import { MonthSchema } from '../live-sessions/live-sessions.schemas';

/**
 * The monthly allowance: a programme's rules (versioned by the month they apply from) decide each
 * trainee's month into an append-only ledger. Amounts are in sen (RM 1 = 100 sen).
 */

export const ALLOWANCE_MESSAGES = {
  programmeNotFound: 'Allowance programme not found',
  titleTaken: 'An allowance programme with this title already exists',
  versionTooEarly: 'Rules can change from a month that has not been decided yet',
  versionExists: 'These rules already have a version from this month: choose a later month',
  monthNotOver: 'A month can be decided once it has ended (Malaysia time)',
  noProgramme: 'This cohort is not in an allowance programme',
  noRules: 'The programme has no rules for this month',
  notTrainee: 'This student is not an active trainee of the cohort',
  overrideNotFound: 'Exception not found',
  notPending: 'This exception has already been decided',
  sameApprover: 'A second staff member must approve: you proposed this one',
  disputeNotFound: 'Dispute not found',
  disputeOpen: 'You have already disputed this decision: staff will answer it',
  notYours: 'Statement not found',
  financeOnly: 'Only staff with the finance permission can set amounts',
  attachmentType: 'Attach a PDF, JPEG or PNG file',
  unknownAttachment: 'Upload the attachment again',
  notDecided: 'This month has not been decided yet',
  cohortHasLedger: 'This cohort has allowance decisions, which are kept: it cannot change programme',
} as const;

const percent = (what: string) =>
  z
    .number({ error: `Enter ${what}` })
    .int({ error: 'Enter a whole percentage' })
    .min(0, { error: 'Enter a percentage from 0 to 100' })
    .max(100, { error: 'Enter a percentage from 0 to 100' });

/** What a failed rule does to the month: withhold it, or pro-rate it by the rule's share. */
export const RuleEffectSchema = z.enum(['WITHHOLD', 'PRORATE']);
export type RuleEffect = z.infer<typeof RuleEffectSchema>;

/** A programme's rules, as data an admin reads and edits. */
export const AllowanceRulesSchema = z
  .strictObject({
    attendance: z.strictObject({
      enabled: z.boolean(),
      /** Attended (present or late) out of counted sessions (excused ones left out). */
      min_percent: percent('the least attendance'),
      /** Below min_percent but at least this: pro-rated by the attendance share; below it: withheld. Null: withheld. */
      prorate_from_percent: percent('where pro-rating starts').nullable(),
    }),
    submissions: z.strictObject({
      enabled: z.boolean(),
      /** Every mandatory item whose hand-in closes in the month handed in (on time or within its late window). */
      on_fail: RuleEffectSchema,
    }),
    absence_streak: z.strictObject({
      enabled: z.boolean(),
      /** More unexcused absences than this in a row withhold the month. */
      max_sessions: z
        .number({ error: 'Enter a number of sessions' })
        .int({ error: 'Enter a whole number' })
        .min(1, { error: 'Enter 1 to 20 sessions' })
        .max(20, { error: 'Enter 1 to 20 sessions' }),
    }),
    /**
     * On-the-job training: every logbook week of the month whose 7 days for the supervisor's
     * sign-off have passed is signed. Versions written before the rule existed read it as off.
     */
    logbook: z.strictObject({ enabled: z.boolean(), on_fail: RuleEffectSchema }).default({ enabled: false, on_fail: 'PRORATE' }),
  })
  .superRefine((r, ctx) => {
    const from = r.attendance.prorate_from_percent;
    if (from !== null && from >= r.attendance.min_percent)
      ctx.addIssue({
        code: 'custom',
        path: ['attendance', 'prorate_from_percent'],
        message: 'Pro-rating starts below the least attendance',
      });
  });
export type AllowanceRules = z.infer<typeof AllowanceRulesSchema>;

/** The rules a new programme starts with: the programme's published terms. */
export const DEFAULT_ALLOWANCE_RULES: AllowanceRules = {
  attendance: { enabled: true, min_percent: 75, prorate_from_percent: 50 },
  submissions: { enabled: true, on_fail: 'WITHHOLD' },
  absence_streak: { enabled: true, max_sessions: 3 },
  logbook: { enabled: true, on_fail: 'PRORATE' },
};

/** Ringgit as typed by an admin (up to two decimals), carried as sen. */
export const RinggitSchema = z
  .number({ error: 'Enter an amount in RM' })
  .positive({ error: 'Enter an amount above RM 0' })
  .max(100_000, { error: 'Enter at most RM 100,000' })
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: 'Enter at most two decimals' });

export const SaveAllowanceProgrammeSchema = z.strictObject({
  title: plainText(200).min(1, { error: 'Title is required' }),
  monthly_amount: RinggitSchema,
});
export type SaveAllowanceProgramme = z.input<typeof SaveAllowanceProgrammeSchema>;

export const SaveRuleVersionSchema = z.strictObject({
  effective_month: MonthSchema,
  rules: AllowanceRulesSchema,
  note: plainText(500).default(''),
});
export type SaveRuleVersion = z.input<typeof SaveRuleVersionSchema>;

export const RuleVersionSchema = z.object({
  id_slug: z.string(),
  effective_month: z.string(),
  rules: AllowanceRulesSchema,
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type RuleVersion = z.infer<typeof RuleVersionSchema>;

export const AllowanceProgrammeSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  /** In sen; null for staff without the finance permission. */
  monthly_amount_sen: z.number().int().nullable(),
  versions: z.array(RuleVersionSchema),
  cohorts: z.array(z.object({ id_slug: z.string(), title: z.string(), decided_months: z.array(z.string()) })),
});
export type AllowanceProgramme = z.infer<typeof AllowanceProgrammeSchema>;
export const AllowanceProgrammeResponseSchema = z.object({ data: AllowanceProgrammeSchema });
export const AllowanceProgrammesResponseSchema = z.object({ data: z.array(AllowanceProgrammeSchema) });

export const ProgrammeParamsSchema = z.object({ programmeId: IdSlugSchema });
export const SetCohortProgrammeSchema = z.strictObject({ programme_id: IdSlugSchema.nullable() });

/** One rule's result for a trainee's month, with the rows that made it. */
export const RuleResultSchema = z.enum(['PASS', 'PRORATE', 'WITHHOLD', 'OFF']);
export type RuleResult = z.infer<typeof RuleResultSchema>;

export const TraceSessionSchema = z.object({
  session_id_slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  /** The mark that counted (an approved exception's excuse included), null while the session is to come. */
  status: z.string().nullable(),
  /** The attendance entry it came from (null when unmarked: absent once ended). */
  entry_id: z.number().nullable(),
  excused_by_exception: z.boolean(),
});
export const TraceItemSchema = z.object({
  item_id_slug: z.string(),
  title: z.string(),
  closes_at: z.string(),
  submitted_at: z.string().nullable(),
});
/** An OJT week of the month: signed, unsigned past its 7 days (due), or still within them. */
export const TraceWeekSchema = z.object({
  week: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  /** The last day the supervisor had to sign it (7 days after it ended). */
  sign_by: z.string(),
  state: z.enum(['SIGNED', 'UNSIGNED', 'OPEN']),
});
export type TraceWeek = z.infer<typeof TraceWeekSchema>;

const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** One OJT week of a trace in words: 'Week 3 (5 Oct 2026 to 11 Oct 2026): signed'. */
export function traceWeekText(w: TraceWeek): string {
  const state =
    w.state === 'SIGNED'
      ? 'signed'
      : w.state === 'UNSIGNED'
        ? `not signed by ${dayText(w.sign_by)}`
        : `to be signed by ${dayText(w.sign_by)}`;
  return `Week ${w.week} (${dayText(w.starts_on)} to ${dayText(w.ends_on)}): ${state}`;
}
export const AllowanceTraceSchema = z.object({
  rule_version: z.object({ id_slug: z.string(), effective_month: z.string() }),
  paid_days: z.number().int(),
  days_in_month: z.number().int(),
  attendance: z.object({
    result: RuleResultSchema,
    attended: z.number().int(),
    counted: z.number().int(),
    percent: z.number().nullable(),
    min_percent: z.number(),
    prorate_from_percent: z.number().nullable(),
    remaining: z.number().int(),
    sessions: z.array(TraceSessionSchema),
  }),
  submissions: z.object({
    result: RuleResultSchema,
    due: z.number().int(),
    handed_in: z.number().int(),
    open: z.number().int(),
    items: z.array(TraceItemSchema),
  }),
  absence_streak: z.object({
    result: RuleResultSchema,
    longest: z.number().int(),
    max_sessions: z.number().int(),
    sessions: z.array(z.string()),
  }),
  /** Absent from decisions made before the rule existed. */
  logbook: z
    .object({
      result: RuleResultSchema,
      due: z.number().int(),
      signed: z.number().int(),
      open: z.number().int(),
      weeks: z.array(TraceWeekSchema),
    })
    .optional(),
  exceptions: z.array(z.object({ id_slug: z.string(), kind: z.string(), reason: z.string() })),
  /** The sum as words: "RM 2,500.00 x 20/31 days x 70% attendance"; empty for staff without the finance permission. */
  formula: z.string(),
});
export type AllowanceTrace = z.infer<typeof AllowanceTraceSchema>;

export const AllowanceOutcomeSchema = z.enum(['ELIGIBLE', 'PRORATED', 'WITHHELD']);
export type AllowanceOutcome = z.infer<typeof AllowanceOutcomeSchema>;
export const ALLOWANCE_OUTCOME_LABELS: Record<AllowanceOutcome, string> = {
  ELIGIBLE: 'Eligible',
  PRORATED: 'Pro-rated',
  WITHHELD: 'Withheld',
};

export const LedgerEntrySchema = z.object({
  id_slug: z.string(),
  kind: z.enum(['DECISION', 'REVERSAL']),
  outcome: AllowanceOutcomeSchema,
  /** Null for staff without the finance permission. */
  amount_sen: z.number().int().nullable(),
  origin: z.enum(['RUN', 'CORRECTION']),
  reverses: z.string().nullable(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

/** A trainee's month on the cohort's allowance page: decided (with its entries) or forecast so far. */
export const TraineeMonthSchema = z.object({
  trainee: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  outcome: AllowanceOutcomeSchema,
  amount_sen: z.number().int().nullable(),
  trace: AllowanceTraceSchema,
  /** The current decision's id (the payment list's decision id), null while forecast. */
  decision_id: z.string().nullable(),
  entries: z.array(LedgerEntrySchema),
  /** What would change the outcome, for a forecast: "71%: attend 2 of the remaining 3 sessions". */
  advice: z.array(z.string()),
});
export type TraineeMonth = z.infer<typeof TraineeMonthSchema>;

export const CohortAllowanceMonthSchema = z.object({
  month: z.string(),
  programme: z.object({ id_slug: z.string(), title: z.string() }).nullable(),
  decided: z.boolean(),
  run: z.object({ run_at: z.string(), run_by: z.string().nullable(), decided: z.number().int() }).nullable(),
  may_run: z.boolean(),
  finance: z.boolean(),
  /** Sums of the ledger for the month (finance only). */
  total_sen: z.number().int().nullable(),
  trainees: z.array(TraineeMonthSchema),
});
export type CohortAllowanceMonth = z.infer<typeof CohortAllowanceMonthSchema>;
export const CohortAllowanceMonthResponseSchema = z.object({ data: CohortAllowanceMonthSchema });

export const AllowanceRunResultSchema = z.object({
  data: z.object({ month: z.string(), decided: z.number().int(), already: z.boolean() }),
});

export const OverrideKindSchema = z.enum(['EXCUSE_ABSENCES', 'PAY_IN_FULL', 'UPHOLD']);
export type OverrideKind = z.infer<typeof OverrideKindSchema>;
export const OVERRIDE_KIND_LABELS: Record<OverrideKind, string> = {
  EXCUSE_ABSENCES: "Excuse the month's absences",
  PAY_IN_FULL: 'Pay in full',
  UPHOLD: 'Keep the decision',
};

export const ProposeOverrideSchema = z
  .strictObject({
    user_id_slug: IdSlugSchema,
    month: MonthSchema,
    kind: OverrideKindSchema,
    reason: plainText(2000).min(1, { error: 'Give the reason' }),
    /** A stored file uploaded first (a medical certificate). */
    attachment_id_slug: IdSlugSchema.nullable().default(null),
    dispute_id_slug: IdSlugSchema.nullable().default(null),
  })
  .refine((o) => o.kind !== 'UPHOLD' || o.dispute_id_slug !== null, {
    path: ['kind'],
    error: 'Keeping a decision answers a dispute',
  });
export type ProposeOverride = z.input<typeof ProposeOverrideSchema>;

export const DecideOverrideSchema = z.strictObject({ approve: z.boolean(), note: plainText(1000).default('') });

export const AllowanceOverrideSchema = z.object({
  id_slug: z.string(),
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  trainee: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
  month: z.string(),
  kind: OverrideKindSchema,
  reason: z.string(),
  /** `url`: a short-lived signed link, in the queue. */
  attachment: z.object({ id_slug: z.string(), name: z.string(), url: z.string().optional() }).nullable(),
  dispute: z.object({ id_slug: z.string(), reason: z.string() }).nullable(),
  state: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  proposed_by: z.string(),
  proposed_at: z.string(),
  mine: z.boolean(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_note: z.string(),
});
export type AllowanceOverride = z.infer<typeof AllowanceOverrideSchema>;
export const AllowanceOverrideResponseSchema = z.object({ data: AllowanceOverrideSchema });
export const AllowanceOverridesResponseSchema = z.object({ data: z.array(AllowanceOverrideSchema) });
export const OverrideParamsSchema = z.object({ overrideId: IdSlugSchema });
export const AllowanceQueueQuerySchema = z.object({ state: z.enum(['PENDING', 'DECIDED']).default('PENDING') });

export const AllowanceDisputeSchema = z.object({
  id_slug: z.string(),
  entry_id_slug: z.string(),
  cohort: z.object({ id_slug: z.string(), title: z.string() }),
  trainee: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
  month: z.string(),
  outcome: AllowanceOutcomeSchema,
  reason: z.string(),
  state: z.enum(['OPEN', 'RESOLVED']),
  created_at: z.string(),
  /** A proposal answering it waits for a second staff member. */
  proposal: z.object({ id_slug: z.string(), kind: OverrideKindSchema, proposed_by: z.string() }).nullable(),
});
export type AllowanceDispute = z.infer<typeof AllowanceDisputeSchema>;
export const AllowanceDisputesResponseSchema = z.object({ data: z.array(AllowanceDisputeSchema) });

export const DisputeSchema = z.strictObject({ reason: plainText(2000).min(1, { error: 'Say what is wrong with this decision' }) });

/** The trainee's own allowance: this month so far and every decided month. */
export const MyAllowanceSchema = z.object({
  programme: z.string().nullable(),
  cohort: z.object({ id_slug: z.string(), title: z.string() }).nullable(),
  current: TraineeMonthSchema.extend({ month: z.string() }).nullable(),
  statements: z.array(
    z.object({
      month: z.string(),
      cohort_title: z.string(),
      decision_id: z.string(),
      outcome: AllowanceOutcomeSchema,
      amount_sen: z.number().int(),
      decided_at: z.string(),
      dispute: z.object({ state: z.enum(['OPEN', 'RESOLVED']), created_at: DateTimeSchema }).nullable(),
    }),
  ),
});
export type MyAllowance = z.infer<typeof MyAllowanceSchema>;
export const MyAllowanceResponseSchema = z.object({ data: MyAllowanceSchema });
export const StatementParamsSchema = z.object({ decisionId: IdSlugSchema });

/** RM with thousands separators and two decimals: 250000 sen is "RM 2,500.00". */
export function ringgit(sen: number): string {
  const sign = sen < 0 ? '-' : '';
  const abs = Math.abs(sen);
  return `${sign}RM ${Math.floor(abs / 100).toLocaleString('en-MY')}.${String(abs % 100).padStart(2, '0')}`;
}
