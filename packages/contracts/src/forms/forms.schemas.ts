import { z } from 'zod';
import { EmailSchema } from '../auth/auth.schemas';
import { requiredText } from '../common/text';
import { makeListQuerySchema, paginated } from '../common/common.schemas';

export const FORM_SUCCESS_MESSAGE = "Thanks! We'll get back to you soon.";
export const FORM_FAILURE_MESSAGE = 'Uh oh! There was a problem submitting your form.';
export const FORM_THANK_YOU_DURATION_MS = 5000;

export const ContactFormSchema = z.strictObject({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: EmailSchema,
  phone: requiredText('Phone is required', 40),
  message: requiredText('Message is required', 5000, { multiline: true }),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

export const CourseInterestFormSchema = z.strictObject({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  email: EmailSchema,
  /** Hidden field holding the course title. */
  course: requiredText('Course is required', 300),
});
export type CourseInterestForm = z.infer<typeof CourseInterestFormSchema>;

/**
 * Public forms (contact, course interest, the programme application and its uploads) count
 * submissions per visitor when the request carries this header's token, and per network address
 * otherwise, so a campus behind one address is not blocked by a handful of its visitors.
 */
export const VISITOR_TOKEN_HEADER = 'X-Visitor-Token';
export const VisitorTokenResponseSchema = z.object({ token: z.string(), expires_in: z.number().int() });
export type VisitorTokenResponse = z.infer<typeof VisitorTokenResponseSchema>;

/** What a refused public form says, with the wait in whole minutes (rounded up, at least 1). */
export function tooManySubmissionsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many submissions from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** Success answer of the form-collection endpoints. */
export const FormSubmissionResponseSchema = z.object({ ok: z.literal(true) });
export type FormSubmissionResponse = z.infer<typeof FormSubmissionResponseSchema>;

/** Failure answer of the form-collection endpoints. */
export const FormCollectionErrorSchema = z.object({
  errors: z.array(z.object({ message: z.string() })),
});
export type FormCollectionError = z.infer<typeof FormCollectionErrorSchema>;

/** The message to show for a form-collection failure body (spec: messages joined by ', '). */
export function formCollectionErrorMessage(body: unknown): string {
  const parsed = FormCollectionErrorSchema.safeParse(body);
  if (parsed.success && parsed.data.errors.length > 0) {
    return parsed.data.errors.map((e) => e.message).join(', ');
  }
  return FORM_FAILURE_MESSAGE;
}

/** A stored file's signed URL: `files/:idSlug?exp=&dl=&sig=` (the signature is checked by the server). */
export const StoredFileParamsSchema = z.object({ idSlug: z.string() });
export const StoredFileQuerySchema = z.object({ exp: z.string().optional(), dl: z.string().optional(), sig: z.string().optional() });
/** The file's bytes (or a redirect to them in the bucket). */
export const StoredFileResponseSchema = z.instanceof(Blob);

// ---- admin: stored submissions --------------------------------------------

export const FORM_KINDS = ['contact', 'course-interest'] as const;
export const FormKindSchema = z.enum(FORM_KINDS);
export type FormKind = z.infer<typeof FormKindSchema>;

export const FormSubmissionListQuerySchema = makeListQuerySchema({
  page_size: 10,
  order_by: '-created_date',
}).extend({ kind: FormKindSchema.optional() });
export type FormSubmissionListQuery = z.infer<typeof FormSubmissionListQuerySchema>;

export const FormSubmissionSchema = z.object({
  id_slug: z.string(),
  kind: FormKindSchema,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  course: z.string().nullable(),
  created_date: z.string(),
});
export type FormSubmission = z.infer<typeof FormSubmissionSchema>;

export const FormSubmissionListResponseSchema = paginated(FormSubmissionSchema);
export type FormSubmissionListResponse = z.infer<typeof FormSubmissionListResponseSchema>;
