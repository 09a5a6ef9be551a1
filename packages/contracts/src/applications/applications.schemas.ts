import { z } from 'zod';
import { EmailSchema } from '../auth/auth.schemas';
import { makeListQuerySchema, paginated } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';

/** Option values of the application's select fields (the lists live in the catalogue). */
export interface ProgrammeApplicationOptions {
  courses: readonly string[];
  ages: readonly string[];
  birthYears: readonly string[];
  birthMonths: readonly string[];
  birthDates: readonly string[];
  genders: readonly string[];
  ethnicities: readonly string[];
  maritalStatuses: readonly string[];
  states: readonly string[];
  highestQualifications: readonly string[];
  countriesOfStudy: readonly string[];
  fieldsOfStudy: readonly string[];
  qualificationTypes: readonly string[];
  graduationYears: readonly string[];
  englishQualifications: readonly string[];
  /** Score values by English qualification value. */
  englishScores: Readonly<Record<string, readonly string[]>>;
  employmentTypes: readonly string[];
  leadershipTypes: readonly string[];
}

export const INVALID_OPTION_MESSAGE = 'Please select a valid option';
export const YES_NO_REQUIRED_MESSAGE = 'This field is required';
export const INVALID_FILE_URL_MESSAGE = 'Invalid file URL';
export const APPLICATION_SUCCESS_ROUTE = '/apply/thank-you';
export const APPLICATION_FAILURE_MESSAGE = 'Uh oh... something went wrong. Please try again later.';
/** A second application from the same email to the same intake (409, on the email field). */
export const APPLICATION_ALREADY_SUBMITTED_MESSAGE =
  'An application from this email has already been received for this programme. You can only apply once per intake.';

/** The required-field messages of the programme application, by field. */
export const PROGRAMME_APPLICATION_MESSAGES = {
  course: 'Course is required',
  email: 'Email is required',
  full_name: 'Full name is required',
  age: 'Age is required',
  dobYear: 'Birth year is required',
  dobMonth: 'Birth month is required',
  dobDate: 'Birth date is required',
  gender: 'Gender is required',
  ethnicity: 'Ethnicity is required',
  marital_status: 'Marital status is required',
  full_address: 'Address is required',
  state: 'State is required',
  city: 'City is required',
  postcode: 'Postcode is required',
  linkedin: 'LinkedIn profile is required',
  phone: 'Phone number is required',
  highest_qualification: 'Highest qualification is required',
  uni_name: 'University name is required',
  degree_name: 'Degree title is required',
  country_study: 'Country of study is required',
  field_study: 'Field of study is required',
  qualification_type: 'Qualification type is required',
  academic_result: 'Academic result is required',
  grad_year: 'Graduation year is required',
  english_qualification: 'English qualification is required',
  english_score: 'English score is required',
  prev_employment: 'Previous employment is required',
  prev_leadership: 'Previous leadership is required',
  is_citizen: YES_NO_REQUIRED_MESSAGE,
  can_participate: YES_NO_REQUIRED_MESSAGE,
  can_device: YES_NO_REQUIRED_MESSAGE,
  can_relocate: YES_NO_REQUIRED_MESSAGE,
} as const;

const M = PROGRAMME_APPLICATION_MESSAGES;

/** A select value: required, and one of `values` when a list is given. Numbers are taken as strings. */
function optionField(requiredMessage: string, values?: readonly string[]) {
  const text = z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).max(300, { error: INVALID_OPTION_MESSAGE });
  const checked = values
    ? text.refine((v) => values.includes(v), {
        error: INVALID_OPTION_MESSAGE,
        when: (payload) => typeof payload.value === 'string' && payload.value.trim().length > 0,
      })
    : text;
  return z.preprocess((v) => (typeof v === 'number' ? String(v) : v), checked);
}

const YesNoSchema = z.enum(['true', 'false'], { error: YES_NO_REQUIRED_MESSAGE });

/** An uploaded file's URL (absolute or site-relative), or empty when there is none. */
export const FileUrlSchema = z
  .string()
  .trim()
  .max(2000, { error: INVALID_FILE_URL_MESSAGE })
  .refine((v) => v === '' || /^https?:\/\//i.test(v) || (v.startsWith('/') && !v.startsWith('//')), {
    error: INVALID_FILE_URL_MESSAGE,
  });

const optionalLongText = plainText(2000, { multiline: true }).optional();

/** Find the score list of a qualification (exact key first, then case-insensitive). */
function scoresFor(scores: Readonly<Record<string, readonly string[]>>, qualification: string) {
  if (Object.hasOwn(scores, qualification)) return scores[qualification];
  const key = Object.keys(scores).find((k) => k.toLowerCase() === qualification.toLowerCase());
  return key === undefined ? undefined : scores[key];
}

/**
 * The programme application. With `options`, every select value is checked against its list
 * and the English score against the chosen qualification; without, select values only need to be
 * present (the shape used by the route table and the OpenAPI document).
 */
export function makeProgrammeApplicationSchema(options?: ProgrammeApplicationOptions) {
  const shape = {
    course: optionField(M.course, options?.courses),
    email: EmailSchema,
    full_name: requiredText(M.full_name, 200),
    age: optionField(M.age, options?.ages),
    dobYear: optionField(M.dobYear, options?.birthYears),
    dobMonth: optionField(M.dobMonth, options?.birthMonths),
    dobDate: optionField(M.dobDate, options?.birthDates),
    gender: optionField(M.gender, options?.genders),
    ethnicity: optionField(M.ethnicity, options?.ethnicities),
    marital_status: optionField(M.marital_status, options?.maritalStatuses),
    full_address: requiredText(M.full_address, 500, { multiline: true }),
    state: optionField(M.state, options?.states),
    city: requiredText(M.city, 100),
    postcode: requiredText(M.postcode, 20),
    linkedin: requiredText(M.linkedin, 300),
    phone: requiredText(M.phone, 40),
    secondary_phone: plainText(40).optional(),
    highest_qualification: optionField(M.highest_qualification, options?.highestQualifications),
    uni_name: requiredText(M.uni_name, 200),
    degree_name: requiredText(M.degree_name, 200),
    country_study: optionField(M.country_study, options?.countriesOfStudy),
    field_study: optionField(M.field_study, options?.fieldsOfStudy),
    qualification_type: optionField(M.qualification_type, options?.qualificationTypes),
    academic_result: requiredText(M.academic_result, 100),
    grad_year: optionField(M.grad_year, options?.graduationYears),
    english_qualification: optionField(M.english_qualification, options?.englishQualifications),
    english_score: optionField(M.english_score),
    prev_employment: optionField(M.prev_employment, options?.employmentTypes),
    employment_details: optionalLongText,
    prev_leadership: optionField(M.prev_leadership, options?.leadershipTypes),
    leadership_details: optionalLongText,
    is_citizen: YesNoSchema,
    can_participate: YesNoSchema,
    can_device: YesNoSchema,
    can_relocate: YesNoSchema,
    resume: FileUrlSchema.optional(),
    transcript: FileUrlSchema.optional(),
  };
  const base = z.strictObject(shape);
  if (!options) return base;
  return base.refine(
    (v) => {
      const list = scoresFor(options.englishScores, v.english_qualification);
      return list !== undefined && list.includes(v.english_score);
    },
    {
      path: ['english_score'],
      error: INVALID_OPTION_MESSAGE,
      when(payload) {
        const v = payload.value as Record<string, unknown> | null;
        if (!v || typeof v !== 'object') return false;
        if (payload.issues.some((i) => i.path?.[0] === 'english_score' || i.path?.[0] === 'english_qualification')) return false;
        return typeof v.english_qualification === 'string' && typeof v.english_score === 'string';
      },
    },
  );
}

/** The application with presence checks only (route table, OpenAPI). */
export const ProgrammeApplicationSchema = makeProgrammeApplicationSchema();
export type ProgrammeApplication = z.infer<typeof ProgrammeApplicationSchema>;
export type ProgrammeApplicationInput = z.input<typeof ProgrammeApplicationSchema>;

export const ProgrammeApplicationResponseSchema = z.object({ message: z.string() });
export type ProgrammeApplicationResponse = z.infer<typeof ProgrammeApplicationResponseSchema>;

// ---- uploaded documents (resume, transcript) ----------------------------------------

export const UploadResponseSchema = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

export const MAX_UPLOAD_BYTES = 2.5 * 1024 * 1024;
export const FILE_TOO_LARGE_MESSAGE = 'File size must be less than 2.5MB';

// ---- admin: stored applications ------------------------------------------------------

export const ApplicationListQuerySchema = makeListQuerySchema({
  page_size: 10,
  order_by: '-created_date',
}).extend({ course: plainText(300).optional() });
export type ApplicationListQuery = z.infer<typeof ApplicationListQuerySchema>;

export const ApplicationExportQuerySchema = ApplicationListQuerySchema.pick({
  search_query: true,
  order_by: true,
  course: true,
});
export type ApplicationExportQuery = z.infer<typeof ApplicationExportQuerySchema>;

/** Where an application stands in admissions (the pipeline's states, then its ends). */
export const APPLICATION_STATUSES = [
  'SUBMITTED',
  'SCREENED',
  'IN_REVIEW',
  'SHORTLISTED',
  'OFFERED',
  'ACCEPTED',
  'ENROLLED',
  'REJECTED',
  'WAITLISTED',
  'DECLINED',
  'WITHDRAWN',
  'OFFER_EXPIRED',
] as const;
export const ApplicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof ApplicationStatusSchema>;

/**
 * The programme's eligibility rules, checked on submission: true or false from the answers, null
 * when the form cannot tell (an admin confirms every application; none is rejected by a flag).
 */
export const ELIGIBILITY_RULES = {
  age_30_or_below: 'Aged 30 or below',
  diploma_or_degree: 'A diploma or degree',
  unemployed: 'Unemployed',
  can_participate: 'Able to take part full time',
  malaysian_citizen: 'Malaysian citizen',
} as const;
export type EligibilityRule = keyof typeof ELIGIBILITY_RULES;
export const EligibilitySchema = z.record(
  z.enum(Object.keys(ELIGIBILITY_RULES) as [EligibilityRule, ...EligibilityRule[]]),
  z.boolean().nullable(),
);
export type Eligibility = z.infer<typeof EligibilitySchema>;

/** What the screening found beside the flags: the answer that decided each rule, and what does not add up. */
export const ScreeningNotesSchema = z.object({
  basis: z.record(z.enum(Object.keys(ELIGIBILITY_RULES) as [EligibilityRule, ...EligibilityRule[]]), z.string()),
  /** E.g. an age picked that the date of birth contradicts. */
  warnings: z.array(z.string()),
});
export type ScreeningNotes = z.infer<typeof ScreeningNotesSchema>;

export const ApplicationListItemSchema = z.object({
  id_slug: z.string(),
  status: ApplicationStatusSchema,
  created_date: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string(),
  course: z.string(),
  state: z.string(),
  highest_qualification: z.string(),
  grad_year: z.string(),
});
export type ApplicationListItem = z.infer<typeof ApplicationListItemSchema>;
export const ApplicationListResponseSchema = paginated(ApplicationListItemSchema);
export type ApplicationListResponse = z.infer<typeof ApplicationListResponseSchema>;

/** A stored application with every submitted field. */
export const ApplicationSchema = z.object({
  id_slug: z.string(),
  created_date: z.string(),
  course: z.string(),
  email: z.string(),
  full_name: z.string(),
  age: z.string(),
  dobYear: z.string(),
  dobMonth: z.string(),
  dobDate: z.string(),
  gender: z.string(),
  ethnicity: z.string(),
  marital_status: z.string(),
  full_address: z.string(),
  state: z.string(),
  city: z.string(),
  postcode: z.string(),
  linkedin: z.string(),
  phone: z.string(),
  secondary_phone: z.string().nullable(),
  highest_qualification: z.string(),
  uni_name: z.string(),
  degree_name: z.string(),
  country_study: z.string(),
  field_study: z.string(),
  qualification_type: z.string(),
  academic_result: z.string(),
  grad_year: z.string(),
  english_qualification: z.string(),
  english_score: z.string(),
  prev_employment: z.string(),
  employment_details: z.string().nullable(),
  prev_leadership: z.string(),
  leadership_details: z.string().nullable(),
  /** Null for applications sent before the form asked it. */
  is_citizen: z.enum(['true', 'false']).nullable(),
  /** The three declarations: null once the application is anonymised (data retention). */
  can_participate: z.enum(['true', 'false']).nullable(),
  can_device: z.enum(['true', 'false']).nullable(),
  can_relocate: z.enum(['true', 'false']).nullable(),
  status: ApplicationStatusSchema,
  /** The rules' flags from submission; null for applications stored before screening existed. */
  eligibility: EligibilitySchema.nullable(),
  resume: z.string().nullable(),
  transcript: z.string().nullable(),
});
export type Application = z.infer<typeof ApplicationSchema>;
export const ApplicationResponseSchema = z.object({ data: ApplicationSchema });
export type ApplicationResponse = z.infer<typeof ApplicationResponseSchema>;

/** CSV text answered by the export call. */
export const CsvResponseSchema = z.string();
