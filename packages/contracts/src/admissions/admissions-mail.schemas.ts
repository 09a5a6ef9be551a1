import { z } from 'zod';
import { EmailSchema } from '../auth/auth.schemas';
import { DateTimeSchema, IdSlugSchema } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';
import { IntakeParamsSchema } from './admissions.schemas';

// ---- the intake's mail: editable templates and the reply-to address ---------------------------

/** Every message an applicant gets, by kind: each may be rewritten per intake. */
export const ADMISSION_MAIL_KINDS = [
  'received',
  'shortlisted',
  'offer',
  'offer-extended',
  'waitlisted',
  'rejected',
  'not-eligible',
  'declined',
  'withdrawn',
  'offer-expired',
  'status-link',
] as const;
export type AdmissionMailKind = (typeof ADMISSION_MAIL_KINDS)[number];

export const ADMISSION_MAIL_LABELS: Record<AdmissionMailKind, string> = {
  received: 'Application received',
  shortlisted: 'Shortlisted',
  offer: 'Offer of a place',
  'offer-extended': 'More time to answer an offer',
  waitlisted: 'Waiting list',
  rejected: 'Rejection',
  'not-eligible': 'Rejection as not eligible',
  declined: 'Offer declined',
  withdrawn: 'Application withdrawn',
  'offer-expired': 'Offer expired',
  'status-link': 'Status link sent again',
};

const DECISION = ['name', 'programme', 'status_url'] as const;
const OFFER = [...DECISION, 'cohort', 'start_date', 'end_date', 'accept_by'] as const;

/**
 * The named placeholders each kind may use: the values its message fills in today. The
 * confirmation of a submission names no one (anyone may type any address on the public form).
 */
export const ADMISSION_MAIL_PLACEHOLDERS: Record<AdmissionMailKind, readonly string[]> = {
  received: ['programme', 'course', 'status_url'],
  shortlisted: [...DECISION, 'interview_booking'],
  offer: OFFER,
  'offer-extended': OFFER,
  waitlisted: DECISION,
  rejected: DECISION,
  'not-eligible': [...DECISION, 'unmet_rules'],
  declined: DECISION,
  withdrawn: DECISION,
  'offer-expired': DECISION,
  'status-link': DECISION,
};

/** The languages a template is stored in: English now, Malay to come (a language column per version). */
export const MAIL_LANGUAGES = ['en'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** The placeholders of the text this kind of message cannot fill in. */
export function unknownPlaceholders(kind: AdmissionMailKind, text: string): string[] {
  const known = new Set(ADMISSION_MAIL_PLACEHOLDERS[kind]);
  return placeholdersIn(text).filter((p) => !known.has(p));
}

export const unknownPlaceholderMessage = (names: string[], kind: AdmissionMailKind) =>
  `Unknown placeholder ${names.map((n) => `{{${n}}}`).join(', ')}: this message can use ${ADMISSION_MAIL_PLACEHOLDERS[kind]
    .map((n) => `{{${n}}}`)
    .join(', ')}`;

/** Fills each {{name}} with its value (the caller has checked every name is known). */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

export const MAIL_SUBJECT_MESSAGE = 'Subject is required';
export const MAIL_BODY_MESSAGE = 'Body is required';
export const NO_PREVIEW_APPLICATION_MESSAGE = 'This intake has no application yet to preview the message with.';
export const TEMPLATE_SAVED_TOGETHER_MESSAGE = 'Someone saved this template at the same moment: reload it and save again.';

export const AdmissionMailKindParamsSchema = IntakeParamsSchema.extend({
  kind: z.enum(ADMISSION_MAIL_KINDS, { error: 'Unknown kind of message' }),
});

/** A new version of a template: its subject and its body (paragraphs separated by a blank line). */
export const MailTemplateSchema = z.strictObject({
  language: z.enum(MAIL_LANGUAGES, { error: 'Unknown language' }).default('en'),
  subject: requiredText(MAIL_SUBJECT_MESSAGE, 200),
  body: requiredText(MAIL_BODY_MESSAGE, 10_000, { multiline: true }),
});
export type MailTemplateInput = z.input<typeof MailTemplateSchema>;

/** A template to preview (saved or not), with a real application of the intake (the newest one if none is named). */
export const MailPreviewSchema = MailTemplateSchema.extend({ application_id: IdSlugSchema.optional() });

export const MailTemplateVersionSchema = z.object({
  version: z.number().int(),
  language: z.enum(MAIL_LANGUAGES),
  subject: z.string(),
  body: z.string(),
  created_at: DateTimeSchema,
  created_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
});
export type MailTemplateVersion = z.infer<typeof MailTemplateVersionSchema>;

export const IntakeMailResponseSchema = z.object({
  data: z.object({
    intake: z.string(),
    /** Where applicants' replies go; null: the school's no-reply sender. */
    reply_to: z.string().nullable(),
    templates: z.array(
      z.object({
        kind: z.enum(ADMISSION_MAIL_KINDS),
        label: z.string(),
        placeholders: z.array(z.string()),
        /** The message the product sends while no version is saved. */
        default: z.object({ subject: z.string(), body: z.string() }),
        /** Saved versions, newest first: the first is the one mailed. */
        versions: z.array(MailTemplateVersionSchema),
      }),
    ),
  }),
});
export type IntakeMailResponse = z.infer<typeof IntakeMailResponseSchema>;
export const MailTemplateVersionResponseSchema = z.object({ data: MailTemplateVersionSchema });

export const MailPreviewResponseSchema = z.object({
  data: z.object({
    subject: z.string(),
    html: z.string(),
    text: z.string(),
    application: z.object({ id_slug: z.string(), full_name: z.string() }),
  }),
});
export type MailPreviewResponse = z.infer<typeof MailPreviewResponseSchema>;

export const ReplyToSchema = z.strictObject({
  /** An empty address clears it: mail then goes out from the no-reply sender alone. */
  reply_to: z.preprocess((v) => (v === '' ? null : v), EmailSchema.nullable()),
});
export const ReplyToResponseSchema = z.object({ data: z.object({ reply_to: z.string().nullable() }) });

// ---- conflicts of interest, declared per assignment before seeing the applicant ---------------

/** The kinds of assignment a declaration belongs to: a reviewer's, and an interview panel member's. */
export const ASSIGNMENT_KINDS = ['review', 'interview'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

export const DECLARE_FIRST_MESSAGE =
  'Declare whether you have a conflict of interest with this applicant before opening their application.';
export const CONFLICT_NOTE_MESSAGE = 'Say briefly what the conflict is';

export const DeclarationSchema = z
  .strictObject({
    conflict: z.boolean({ error: 'Say whether you have a conflict of interest' }),
    note: plainText(1000, { multiline: true }).default(''),
  })
  .refine((d) => !d.conflict || d.note.length > 0, { path: ['note'], error: CONFLICT_NOTE_MESSAGE });
export type Declaration = z.infer<typeof DeclarationSchema>;

export const DeclarationResponseSchema = z.object({
  data: z.object({
    /** Who applied: shown only on this question, before the application opens. */
    applicant_name: z.string(),
    /** Whether the signed-in reviewer (or interviewer) has declared no conflict for their current assignment. */
    declared: z.boolean(),
  }),
});
export type DeclarationResponse = z.infer<typeof DeclarationResponseSchema>;
export const DeclareResponseSchema = z.object({
  data: z.object({ conflict: z.boolean(), assigned: z.boolean() }),
});

export const ConflictsResponseSchema = z.object({
  data: z.array(
    z.object({
      staff: z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
      assignment: z.enum(ASSIGNMENT_KINDS),
      note: z.string(),
      at: z.string(),
    }),
  ),
});
export type ConflictsResponse = z.infer<typeof ConflictsResponseSchema>;
