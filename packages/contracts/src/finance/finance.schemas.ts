import { z } from 'zod';
import { MAX_PAGE_SIZE, paginated } from '../common/common.schemas';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from '../common/text';

// ---- messages ------------------------------------------------------------------

export const FINANCE_MESSAGES = {
  forbidden: 'Only staff with the finance permission can see amounts and bank details.',
  notAdmin: 'Only admins can hold the finance permission.',
  ownPermission: 'Another admin must change your own finance permission.',
  staffNotFound: 'No such admin account.',
  studentNotFound: 'No such student.',
  idNumberRequired: 'IC or passport number is required',
  idNumberFormat: 'Enter a MyKad number of 12 digits (e.g. 990101-14-5678) or a passport number of 6 to 12 letters and digits',
  bankNameRequired: 'Bank name is required',
  bankNameLength: 'Bank name must be at most 100 characters',
  accountNumberRequired: 'Account number is required',
  accountNumberFormat: 'Account number must be 6 to 20 digits, with no spaces or dashes',
  accountHolderRequired: 'Account holder name is required',
  accountHolderLength: 'Account holder name must be at most 150 characters',
  saved: 'Payment details saved.',
} as const;

// ---- payment details -----------------------------------------------------------

/** A MyKad number: 12 digits, written plain or as YYMMDD-PB-###G. */
export const MYKAD_PATTERN = /^(\d{6}-\d{2}-\d{4}|\d{12})$/;
/** A passport number: letters and digits only, 6 to 12 of them. */
export const PASSPORT_PATTERN = /^[A-Za-z0-9]{6,12}$/;
export const ACCOUNT_NUMBER_PATTERN = /^\d{6,20}$/;

/** A MyKad number is kept as its 12 digits; a passport number in capitals. */
export function normaliseIdNumber(value: string): string {
  const v = value.trim();
  return MYKAD_PATTERN.test(v) ? v.replace(/-/g, '') : v.toUpperCase();
}

const text = (required: string, max: number, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong })
    .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE });

export const PaymentDetailsInputSchema = z.strictObject({
  id_number: z
    .string({ error: FINANCE_MESSAGES.idNumberRequired })
    .trim()
    .min(1, { error: FINANCE_MESSAGES.idNumberRequired })
    .refine((v) => MYKAD_PATTERN.test(v) || PASSPORT_PATTERN.test(v), { error: FINANCE_MESSAGES.idNumberFormat })
    .transform(normaliseIdNumber),
  bank_name: text(FINANCE_MESSAGES.bankNameRequired, 100, FINANCE_MESSAGES.bankNameLength),
  account_number: z
    .string({ error: FINANCE_MESSAGES.accountNumberRequired })
    .trim()
    .min(1, { error: FINANCE_MESSAGES.accountNumberRequired })
    .regex(ACCOUNT_NUMBER_PATTERN, { error: FINANCE_MESSAGES.accountNumberFormat }),
  account_holder: text(FINANCE_MESSAGES.accountHolderRequired, 150, FINANCE_MESSAGES.accountHolderLength),
});
export type PaymentDetailsInput = z.input<typeof PaymentDetailsInputSchema>;

/** The details in full: only finance staff read them. A field is null when it was never recorded. */
export const PaymentDetailsSchema = z.object({
  id_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  account_number: z.string().nullable(),
  account_holder: z.string().nullable(),
});
export type PaymentDetails = z.infer<typeof PaymentDetailsSchema>;

/** What the trainee sees of their own details once saved: the numbers masked to their last 4 characters. */
export const MaskedPaymentDetailsSchema = z.object({
  id_number_last4: z.string(),
  bank_name: z.string(),
  account_number_last4: z.string(),
  account_holder: z.string(),
  updated_at: z.string(),
});
export type MaskedPaymentDetails = z.infer<typeof MaskedPaymentDetailsSchema>;

export const MyPaymentDetailsResponseSchema = z.object({ details: MaskedPaymentDetailsSchema.nullable() });
export type MyPaymentDetailsResponse = z.infer<typeof MyPaymentDetailsResponseSchema>;

export const StudentSummarySchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type StudentSummary = z.infer<typeof StudentSummarySchema>;
export const StudentSummaryResponseSchema = z.object({ student: StudentSummarySchema });

export const StudentPaymentDetailsResponseSchema = z.object({
  details: PaymentDetailsSchema.nullable(),
  updated_at: z.string().nullable(),
});
export type StudentPaymentDetailsResponse = z.infer<typeof StudentPaymentDetailsResponseSchema>;

// ---- finance permission --------------------------------------------------------

export const AdminStaffMemberSchema = z.object({
  id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  finance: z.boolean(),
});
export type AdminStaffMember = z.infer<typeof AdminStaffMemberSchema>;
export const AdminStaffListResponseSchema = z.object({ data: z.array(AdminStaffMemberSchema) });

export const SetFinanceSchema = z.strictObject({ finance: z.boolean({ error: 'finance must be true or false' }) });
export type SetFinance = z.infer<typeof SetFinanceSchema>;
export const AdminStaffMemberResponseSchema = z.object({ staff: AdminStaffMemberSchema });

// ---- audit log -----------------------------------------------------------------

/** The actions the platform records; other modules add their own names. */
export const AUDIT_ACTIONS = {
  financeGranted: 'finance.granted',
  financeRevoked: 'finance.revoked',
  paymentDetailsViewed: 'payment_details.viewed',
  paymentDetailsChanged: 'payment_details.changed',
  paymentDetailsChangedBySelf: 'payment_details.changed_by_self',
} as const;

const filterText = z
  .string()
  .trim()
  .max(100, { error: 'Filters must be at most 100 characters' })
  .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
  .optional()
  .transform((v) => (v ? v : undefined));

export const AuditLogQuerySchema = z.object({
  page: z.coerce
    .number<number | string>({ error: 'page must be a number' })
    .int({ error: 'page must be an integer' })
    .min(1, { error: 'page must be at least 1' })
    .default(1),
  page_size: z.coerce
    .number<number | string>({ error: 'page_size must be a number' })
    .int({ error: 'page_size must be an integer' })
    .min(1, { error: 'page_size must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `page_size must be at most ${MAX_PAGE_SIZE}` })
    .default(25),
  action: filterText,
  subject_type: filterText,
  subject_id: filterText,
  /** A person as the subject, by their id_slug (entries about that account). */
  subject_user: filterText,
});
export type AuditLogQuery = z.input<typeof AuditLogQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  subject_type: z.string(),
  subject_id: z.string().nullable(),
  subject_name: z.string().nullable(),
  actor_id_slug: z.string().nullable(),
  actor_name: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogResponseSchema = paginated(AuditEntrySchema);
export type AuditLogResponse = z.infer<typeof AuditLogResponseSchema>;
