import { z } from 'zod';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { plainText } from '../common/text';

/** How a live session is held: online (a meeting link of any provider) or on site (a place). */
export const SessionModeSchema = z.enum(['ONLINE', 'ON_SITE']);
export type SessionMode = z.infer<typeof SessionModeSchema>;

/** Students may open an online session's link from this many minutes before its start. */
export const SESSION_LINK_OPENS_MINUTES = 15;

/** A trainee present for at least this share of a session counts present (editable per session). */
export const SESSION_THRESHOLD_DEFAULT_PERCENT = 75;

export const LIVE_SESSION_MESSAGES = {
  meetingUrlRequired: 'An online session needs its meeting link',
  placeRequired: 'An on-site session needs its place',
  facilitatorNotTeaching: "A facilitator must be one of the cohort's instructors",
  notFound: 'Session not found',
  cancelled: 'This session is cancelled',
} as const;

const MeetingUrlSchema = z
  .url({ protocol: /^https$/, error: 'Enter the meeting link (https://...)' })
  .max(2000, { error: 'Must be at most 2000 characters' });

/** A session as the admin console saves it (create and edit alike). */
export const SaveLiveSessionSchema = z
  .strictObject({
    title: plainText(200).min(1, { error: 'Title is required' }),
    starts_at: DateTimeSchema,
    duration_minutes: z
      .number({ error: 'Enter the duration in minutes' })
      .int({ error: 'Enter whole minutes' })
      .min(5, { error: 'A session lasts at least 5 minutes' })
      .max(720, { error: 'A session lasts at most 12 hours' }),
    mode: SessionModeSchema,
    meeting_url: MeetingUrlSchema.nullable().default(null),
    place: plainText(300).nullable().default(null),
    mandatory: z.boolean(),
    facilitator_id_slugs: z.array(IdSlugSchema).max(20).default([]),
    /** The share of the session a trainee must be present for (minutes in an online report) to count present. */
    attendance_threshold_percent: z
      .number({ error: 'Enter a percentage' })
      .int({ error: 'Enter a whole percentage' })
      .min(1, { error: 'Enter a percentage from 1 to 100' })
      .max(100, { error: 'Enter a percentage from 1 to 100' })
      .default(SESSION_THRESHOLD_DEFAULT_PERCENT),
  })
  .superRefine((s, ctx) => {
    if (s.mode === 'ONLINE' && !s.meeting_url)
      ctx.addIssue({ code: 'custom', path: ['meeting_url'], message: LIVE_SESSION_MESSAGES.meetingUrlRequired });
    if (s.mode === 'ON_SITE' && !s.place?.trim())
      ctx.addIssue({ code: 'custom', path: ['place'], message: LIVE_SESSION_MESSAGES.placeRequired });
  });
export type SaveLiveSession = z.input<typeof SaveLiveSessionSchema>;

export const CohortSessionParamsSchema = z.object({ cohortId: IdSlugSchema, sessionId: IdSlugSchema });
export const CohortSessionsUserParamsSchema = z.object({ cohortId: IdSlugSchema, userIdSlug: IdSlugSchema });

export const SessionFacilitatorSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() });

/** A session as staff see it. */
export const LiveSessionSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  mode: SessionModeSchema,
  meeting_url: z.string().nullable(),
  place: z.string().nullable(),
  mandatory: z.boolean(),
  cancelled_at: z.string().nullable(),
  facilitators: z.array(SessionFacilitatorSchema),
  attendance_threshold_percent: z.number().int(),
});
export type LiveSession = z.infer<typeof LiveSessionSchema>;
export const LiveSessionResponseSchema = LiveSessionSchema;
export const LiveSessionsResponseSchema = z.object({ data: z.array(LiveSessionSchema) });
export type LiveSessionsResponse = z.infer<typeof LiveSessionsResponseSchema>;

/**
 * A session as a student sees it: the meeting link is withheld (null) until `link_opens_at`,
 * 15 minutes before the start, and once the session is cancelled.
 */
/** A trainee's mark for a session; with no mark, a session that has ended counts them absent. */
export const AttendanceStatusSchema = z.enum(['PRESENT', 'LATE', 'EXCUSED', 'ABSENT']);
export type AttendanceStatus = z.infer<typeof AttendanceStatusSchema>;

export const StudentLiveSessionSchema = LiveSessionSchema.omit({ cancelled_at: true, attendance_threshold_percent: true }).extend({
  cancelled: z.boolean(),
  link_opens_at: z.string(),
  /** The student's own mark: their latest entry, ABSENT once ended unmarked, null before. */
  my_status: AttendanceStatusSchema.nullable(),
});
export type StudentLiveSession = z.infer<typeof StudentLiveSessionSchema>;

/** The share of the mandatory sessions a trainee must attend, as the programme's funders ask. */
export const ATTENDANCE_THRESHOLD_PERCENT = 75;

/**
 * Attendance over a span: mandatory sessions that have ended and were not cancelled, an excused
 * absence left out; present or late counts as attended. `percent` is null with nothing counted.
 */
export const AttendanceFiguresSchema = z.object({
  attended: z.number().int(),
  counted: z.number().int(),
  percent: z.number().nullable(),
});
export type AttendanceFigures = z.infer<typeof AttendanceFiguresSchema>;
export const StudentAttendanceSchema = z.object({
  overall: AttendanceFiguresSchema,
  /** Sessions starting this calendar month, Malaysia time. */
  this_month: AttendanceFiguresSchema,
  /** Mandatory sessions still to come (not cancelled). */
  remaining: z.number().int(),
  threshold_percent: z.number().int(),
});
export type StudentAttendance = z.infer<typeof StudentAttendanceSchema>;
export const StudentLiveSessionsResponseSchema = z.object({ data: z.array(StudentLiveSessionSchema), attendance: StudentAttendanceSchema });
export type StudentLiveSessionsResponse = z.infer<typeof StudentLiveSessionsResponseSchema>;

/**
 * How many of the remaining sessions the trainee must attend to end at or above the threshold
 * overall: 0 when they are safe whatever happens, null when even all of them would not do.
 */
export function sessionsNeeded(a: Pick<StudentAttendance, 'overall' | 'remaining' | 'threshold_percent'>): number | null {
  const total = a.overall.counted + a.remaining;
  // Whole sessions: the smallest x with (attended + x) * 100 >= threshold * total.
  const need = Math.max(0, Math.ceil((a.threshold_percent * total) / 100 - a.overall.attended - 1e-9));
  return need > a.remaining ? null : need;
}

/** What the trainee needs to stay at or above the threshold, in a sentence. */
export function attendanceForecast(a: StudentAttendance): string {
  const t = `${a.threshold_percent}%`;
  const need = sessionsNeeded(a);
  if (a.remaining === 0)
    return a.overall.percent === null || a.overall.percent >= a.threshold_percent
      ? `No mandatory session is left to attend: you finish at or above ${t}.`
      : `No mandatory session is left to attend: you finish below ${t}.`;
  const sessions = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);
  if (need === null)
    return `Even attending all ${sessions(a.remaining)} left, you stay below ${t}. Talk to your facilitator about what can be done.`;
  if (need === 0) return `You stay at or above ${t} even if you miss the ${sessions(a.remaining)} left; keep attending.`;
  if (need === a.remaining)
    return a.remaining === 1 ? `Attend the last session to reach ${t}.` : `Attend all ${a.remaining} remaining sessions to reach ${t}.`;
  return `Attend ${need} of the remaining ${a.remaining} sessions to reach ${t}.`;
}

export const ATTENDANCE_MESSAGES = {
  reasonRequired: 'Give the reason for an excused absence',
  correctionReasonRequired: 'The session has ended: say why the mark changes',
  notTrainee: 'This person is not a trainee of the cohort',
  cancelled: 'A cancelled session has no register',
} as const;

/** One mark by hand. Every mark is kept as a new entry: nothing is edited in place. */
export const MarkAttendanceSchema = z
  .strictObject({
    user_id_slug: IdSlugSchema,
    status: AttendanceStatusSchema,
    reason: plainText(500).nullable().default(null),
  })
  .superRefine((m, ctx) => {
    if (m.status === 'EXCUSED' && !m.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: ATTENDANCE_MESSAGES.reasonRequired });
  });
export type MarkAttendance = z.input<typeof MarkAttendanceSchema>;

export const RegisterRowSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** The latest entry's mark; ABSENT by default once the session has ended; null while unmarked before the end. */
  status: AttendanceStatusSchema.nullable(),
  reason: z.string().nullable(),
  marked_at: z.string().nullable(),
  marked_by: z.string().nullable(),
  /** A correction of a closed month: the second staff member who approved the latest entry. */
  approved_by: z.string().nullable(),
  /** How many entries the trainee's mark has had (corrections included). */
  entries: z.number().int(),
});
export type RegisterRow = z.infer<typeof RegisterRowSchema>;
export const RegisterResponseSchema = z.object({
  ended: z.boolean(),
  /** The session's month (Malaysia time) is closed: a change is a correction waiting for a second staff member. */
  month_closed: z.boolean(),
  /** Set by a mark in a closed month: the correction now waiting for approval (the mark itself is unchanged). */
  pending_correction: z.string().nullable().optional(),
  data: z.array(RegisterRowSchema),
});
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

// ---- check-in with the rotating code ---------------------------------------------------------

/** A trainee checking in more than this many minutes after the start is marked late. */
export const CHECK_IN_LATE_MINUTES = 10;

export const CHECK_IN_MESSAGES = {
  wrongCode: 'This is not the code on the screen now. Type the code shown in the room.',
  closed: 'Check-in opens 15 minutes before the session starts and closes when it ends.',
  cancelled: 'This session is cancelled.',
  onSiteOnly: 'Check-in with a code is for on-site sessions.',
  tooMany: (wait: string) => `Too many wrong codes. Try again ${wait}, or ask the facilitator to mark you.`,
  checkedIn: (late: boolean) => (late ? 'You are checked in, marked late.' : 'You are checked in. Welcome!'),
  already: 'You are already checked in.',
} as const;

/**
 * The code a facilitator shows for an on-site session: it changes every `period_seconds` and is
 * accepted until `valid_until` (two periods); the QR holds the learner portal's check-in address.
 */
export const CheckInCodeSchema = z.object({
  code: z.string(),
  changes_at: z.string(),
  valid_until: z.string(),
  period_seconds: z.number().int(),
  check_in_url: z.string(),
  /** The QR code of `check_in_url`, as an SVG document. */
  qr_svg: z.string(),
});
export type CheckInCode = z.infer<typeof CheckInCodeSchema>;
export const CheckInCodeResponseSchema = z.object({ data: CheckInCodeSchema });

export const CheckInSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: 'Type the six digits on the screen' }),
});
export type CheckIn = z.input<typeof CheckInSchema>;
export const CheckInResponseSchema = z.object({ status: AttendanceStatusSchema, message: z.string() });
export type CheckInResponse = z.infer<typeof CheckInResponseSchema>;

// ---- monthly attendance registers and closed months ------------------------------------------

/** A calendar month, Malaysia time, as `YYYY-MM`. */
export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give the month as YYYY-MM' });

export const CohortMonthParamsSchema = z.object({ cohortId: IdSlugSchema, month: MonthSchema });
export const CohortCorrectionParamsSchema = z.object({ cohortId: IdSlugSchema, correctionId: IdSlugSchema });

export const REGISTER_MESSAGES = {
  monthNotOver: 'A month can be closed once it has ended (Malaysia time)',
  alreadyClosed: 'This month is already closed',
  closedNotice: "This month is closed: your change waits for a second staff member's approval.",
  correctionNotFound: 'Correction not found',
  alreadyDecided: 'This correction has already been decided',
  ownCorrection: 'You asked for this correction: a second staff member must approve or refuse it.',
} as const;

export const RequestAttendanceRegisterSchema = z.strictObject({ month: MonthSchema });
export type RequestAttendanceRegister = z.input<typeof RequestAttendanceRegisterSchema>;

/** How far a register's one job has got. */
export const RegisterStateSchema = z.enum(['QUEUED', 'READY', 'FAILED']);
export type RegisterState = z.infer<typeof RegisterStateSchema>;

/** A monthly register (CSV and PDF) of a cohort; the download links are signed and short-lived, present once READY. */
export const AttendanceRegisterSchema = z.object({
  id_slug: z.string(),
  month: z.string(),
  state: RegisterStateSchema,
  /** Produced after the month was closed. */
  final: z.boolean(),
  requested_by: z.string(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  csv_url: z.string().nullable(),
  pdf_url: z.string().nullable(),
});
export type AttendanceRegister = z.infer<typeof AttendanceRegisterSchema>;

export const MonthClosureSchema = z.object({ month: z.string(), closed_by: z.string(), closed_at: z.string() });
export type MonthClosure = z.infer<typeof MonthClosureSchema>;

export const AttendanceRegistersResponseSchema = z.object({
  /** The cohort's registers, newest first. */
  data: z.array(AttendanceRegisterSchema),
  closed_months: z.array(MonthClosureSchema),
});
export type AttendanceRegistersResponse = z.infer<typeof AttendanceRegistersResponseSchema>;

export const CorrectionStateSchema = z.enum(['PENDING', 'APPROVED', 'REFUSED']);

/** A change to a mark of a session in a closed month, waiting for a second staff member. */
export const AttendanceCorrectionSchema = z.object({
  id_slug: z.string(),
  state: CorrectionStateSchema,
  session_id_slug: z.string(),
  session_title: z.string(),
  session_starts_at: z.string(),
  trainee: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }),
  /** The trainee's mark now (their latest entry, ABSENT when unmarked). */
  current_status: AttendanceStatusSchema.nullable(),
  status: AttendanceStatusSchema,
  reason: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  /** The caller asked for it (and so may not decide it). */
  mine: z.boolean(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AttendanceCorrection = z.infer<typeof AttendanceCorrectionSchema>;
export const AttendanceCorrectionsResponseSchema = z.object({ data: z.array(AttendanceCorrectionSchema) });
export type AttendanceCorrectionsResponse = z.infer<typeof AttendanceCorrectionsResponseSchema>;
// ---- importing an online session's participant report ----------------------------------------

/** The meeting providers whose participant report (CSV) an online session's register imports. */
export const ReportProviderSchema = z.enum(['ZOOM', 'MEET', 'TEAMS']);
export type ReportProvider = z.infer<typeof ReportProviderSchema>;
export const REPORT_PROVIDER_LABELS: Record<ReportProvider, string> = { ZOOM: 'Zoom', MEET: 'Google Meet', TEAMS: 'Microsoft Teams' };
/** The reason written on each imported mark. */
export const importedReason = (p: ReportProvider) => `Imported from the ${REPORT_PROVIDER_LABELS[p]} report`;

/** The largest participant report accepted (a report of a few hundred people is a few tens of kB). */
export const ATTENDANCE_REPORT_MAX_BYTES = 2 * 1024 * 1024;

export const ATTENDANCE_IMPORT_MESSAGES = {
  empty: 'The file is empty. Download the participant report again and choose it here.',
  notText: 'The file is not a CSV text file. Choose the participant report as downloaded (CSV).',
  unknownHeader:
    'This is not a Zoom, Google Meet or Microsoft Teams participant report: no row of the file has the column names of one (name, email and duration).',
  noParticipants: 'The report lists no participants.',
  onlineOnly: 'A participant report is imported for online sessions only.',
  notEnded: 'The session has not ended yet: import its report once it has.',
  tooLarge: `The report must be smaller than ${ATTENDANCE_REPORT_MAX_BYTES / 1024 / 1024} MB`,
} as const;

/** How a report's person was matched to a trainee: by email, by full name, or not (the facilitator resolves). */
export const ImportMatchSchema = z.enum(['EMAIL', 'NAME']);
/** Why a report's person matched no single trainee. */
export const ImportProblemSchema = z.enum(['NO_MATCH', 'SEVERAL']);
/** Why a trainee's current mark is kept unless the facilitator ticks it: excused, or set by a person after the session. */
export const ImportProtectionSchema = z.enum(['EXCUSED', 'SET_BY_HAND']);
export type ImportProtection = z.infer<typeof ImportProtectionSchema>;

/** One person of the report, their rows summed (people rejoin), and whom they match. */
export const ImportReportRowSchema = z.object({
  /** The row's key in this preview (its place in the report). */
  key: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  minutes: z.number().int(),
  /** Their first join, when the report gives it. */
  first_join_at: z.string().nullable(),
  /** The line of the report where the person first appears. */
  line: z.number().int(),
  trainee_id_slug: z.string().nullable(),
  match: ImportMatchSchema.nullable(),
  problem: ImportProblemSchema.nullable(),
  /** The trainees a name matched several of. */
  candidates: z.array(z.string()),
});
export type ImportReportRow = z.infer<typeof ImportReportRowSchema>;

export const ImportTraineeSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  current_status: AttendanceStatusSchema.nullable(),
  /** Set when the import keeps the current mark unless the facilitator ticks it. */
  protected: ImportProtectionSchema.nullable(),
});
export type ImportTrainee = z.infer<typeof ImportTraineeSchema>;

/** The session's rule: minutes present decide the mark. */
export const ImportRuleSchema = z.object({
  starts_at: z.string(),
  duration_minutes: z.number().int(),
  threshold_percent: z.number().int(),
  threshold_minutes: z.number().int(),
  late_after_minutes: z.number().int(),
});
export type ImportRule = z.infer<typeof ImportRuleSchema>;

export const AttendanceImportPreviewSchema = z.object({
  provider: ReportProviderSchema,
  provider_label: z.string(),
  rule: ImportRuleSchema,
  rows: z.array(ImportReportRowSchema),
  trainees: z.array(ImportTraineeSchema),
});
export type AttendanceImportPreview = z.infer<typeof AttendanceImportPreviewSchema>;

/** The minutes a session's threshold asks for: its share of the duration, rounded up. */
export const thresholdMinutes = (durationMinutes: number, percent: number) => Math.ceil((durationMinutes * percent) / 100);

/**
 * The mark minutes present give under the session's rule: present at or above the threshold, late
 * when they also first joined more than CHECK_IN_LATE_MINUTES after the start (as check-in), absent
 * below it.
 */
export function importedStatus(
  minutes: number,
  firstJoinAt: string | null,
  rule: Pick<ImportRule, 'starts_at' | 'threshold_minutes' | 'late_after_minutes'>,
): AttendanceStatus {
  if (minutes < rule.threshold_minutes) return 'ABSENT';
  if (firstJoinAt && Date.parse(firstJoinAt) > Date.parse(rule.starts_at) + rule.late_after_minutes * 60_000) return 'LATE';
  return 'PRESENT';
}

/** The confirmed import: each trainee's minutes (rows resolved by the facilitator included) and the marks to replace. */
export const ConfirmAttendanceImportSchema = z.strictObject({
  provider: ReportProviderSchema,
  marks: z
    .array(
      z.strictObject({
        user_id_slug: IdSlugSchema,
        minutes: z
          .number()
          .int()
          .min(0)
          .max(24 * 60),
        first_join_at: DateTimeSchema.nullable().default(null),
      }),
    )
    .min(1, { error: 'Nothing to import' })
    .max(2000),
  /** Trainees whose excused or hand-set mark the facilitator ticked to replace. */
  replace_user_id_slugs: z.array(IdSlugSchema).max(2000).default([]),
});
export type ConfirmAttendanceImport = z.input<typeof ConfirmAttendanceImportSchema>;

export const AttendanceImportResultSchema = z.object({
  /** Marks written. */
  imported: z.number().int(),
  /** The session's month is closed: marks held as corrections waiting for a second staff member's approval. */
  held: z.number().int(),
  /** Already marked so: nothing written. */
  unchanged: z.number().int(),
  skipped: z.array(z.object({ id_slug: z.string(), name: z.string(), reason: ImportProtectionSchema })),
  register: RegisterResponseSchema,
});
export type AttendanceImportResult = z.infer<typeof AttendanceImportResultSchema>;
