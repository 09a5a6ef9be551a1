import { z } from 'zod';
import { makeEmailSchema } from '../auth/auth.schemas';
import { IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { plainText, requiredText } from '../common/text';
import { HostFiguresSchema, PlacementBreakSchema } from './breaks.schemas';

/**
 * On-the-job training: the host companies trainees are placed with, and each trainee's placement
 * (host, site, supervisor, the OJT window from the cohort's timeline, the weekly hours target, a coach).
 */

export const HOST_COMPANY_MESSAGES = {
  nameRequired: 'Company name is required',
  registrationRequired: 'Registration number is required',
  registrationTaken: 'A host company with this registration number already exists',
  siteRequired: 'Add at least one site',
  siteNameRequired: 'Site name is required',
  siteNamesUnique: 'Each site needs its own name',
  contactNameRequired: 'Contact name is required',
  notFound: 'Host company not found',
} as const;

export const HostCompanySiteSchema = z.strictObject({
  name: requiredText(HOST_COMPANY_MESSAGES.siteNameRequired, 120),
  address: plainText(300, { multiline: true }).default(''),
});
export type HostCompanySite = z.infer<typeof HostCompanySiteSchema>;

export const HostCompanyContactSchema = z.strictObject({
  name: requiredText(HOST_COMPANY_MESSAGES.contactNameRequired, 120),
  role: plainText(120).default(''),
  email: makeEmailSchema(),
  phone: plainText(40).default(''),
});
export type HostCompanyContact = z.infer<typeof HostCompanyContactSchema>;

/** A host company as an admin creates or edits it: its sites by name (placements name one), its contacts. */
export const SaveHostCompanySchema = z.strictObject({
  name: requiredText(HOST_COMPANY_MESSAGES.nameRequired, 200),
  registration_number: requiredText(HOST_COMPANY_MESSAGES.registrationRequired, 40),
  sites: z
    .array(HostCompanySiteSchema)
    .min(1, { error: HOST_COMPANY_MESSAGES.siteRequired })
    .max(50)
    .refine((sites) => new Set(sites.map((s) => s.name.toLowerCase())).size === sites.length, {
      error: HOST_COMPANY_MESSAGES.siteNamesUnique,
    }),
  contacts: z.array(HostCompanyContactSchema).max(50).default([]),
});
export type SaveHostCompany = z.infer<typeof SaveHostCompanySchema>;
export type SaveHostCompanyInput = z.input<typeof SaveHostCompanySchema>;

export const HostCompanySchema = z.object({
  id_slug: z.string(),
  name: z.string(),
  registration_number: z.string(),
  sites: z.array(z.object({ name: z.string(), address: z.string() })),
  contacts: z.array(z.object({ name: z.string(), role: z.string(), email: z.string(), phone: z.string() })),
  placements: z.number().int().nonnegative(),
  created_date: z.string(),
  figures: HostFiguresSchema,
});
export type HostCompany = z.infer<typeof HostCompanySchema>;

export const HostCompanyListQuerySchema = makeListQuerySchema({ page_size: 20, order_by: 'name' });
export type HostCompanyListQuery = z.infer<typeof HostCompanyListQuerySchema>;
export const HostCompanyListResponseSchema = paginated(HostCompanySchema);
export type HostCompanyListResponse = z.infer<typeof HostCompanyListResponseSchema>;
export const HostCompanyResponseSchema = z.object({ data: HostCompanySchema });
export type HostCompanyResponse = z.infer<typeof HostCompanyResponseSchema>;
export const HostCompanyIdParamsSchema = z.object({ hostCompanyId: IdSlugSchema });

// ---- placements --------------------------------------------------------------------------------

export const PLACEMENT_MESSAGES = {
  traineeRequired: 'Choose the trainee',
  notTrainee: 'This person is not an enrolled student of the cohort',
  hostRequired: 'Choose the host company',
  hostNotFound: 'No host company has this registration number',
  siteNotOfHost: 'The host company has no site of this name',
  supervisorNameRequired: "Supervisor's name is required",
  supervisorPhoneRequired: "Supervisor's phone is required",
  hoursTarget: 'Weekly hours target must be a number from 1 to 60',
  coachNotStaff: 'The coach must be a staff member (an admin or instructor) whose account is active',
  alreadyPlaced: 'This trainee is already placed in this cohort; edit the placement instead',
  duplicateRow: 'This trainee is in the file more than once',
  notFound: 'Placement not found',
  csvEmpty: 'The file has no rows under its header',
  csvUnreadable: 'The file could not be read as CSV',
  csvColumns:
    'The file needs the columns trainee_email, host_registration_number, site, supervisor_name, supervisor_email, supervisor_phone, weekly_hours_target (coach_email optional)',
  csvHasProblems: 'Some rows have problems: correct the file and preview it again',
} as const;

export const PLACEMENT_CSV_COLUMNS = [
  'trainee_email',
  'host_registration_number',
  'site',
  'supervisor_name',
  'supervisor_email',
  'supervisor_phone',
  'weekly_hours_target',
  'coach_email',
] as const;
/** Rows one CSV may hold: a cohort of a few hundred trainees with room to spare. */
export const PLACEMENT_CSV_MAX_ROWS = 1000;

const HoursTargetSchema = z.coerce
  .number<number | string>({ error: PLACEMENT_MESSAGES.hoursTarget })
  .min(1, { error: PLACEMENT_MESSAGES.hoursTarget })
  .max(60, { error: PLACEMENT_MESSAGES.hoursTarget })
  .multipleOf(0.5, { error: PLACEMENT_MESSAGES.hoursTarget });

const placementFields = {
  host_company_id_slug: requiredText(PLACEMENT_MESSAGES.hostRequired, 200),
  site: requiredText(HOST_COMPANY_MESSAGES.siteNameRequired, 120),
  supervisor_name: requiredText(PLACEMENT_MESSAGES.supervisorNameRequired, 120),
  supervisor_email: makeEmailSchema(),
  supervisor_phone: requiredText(PLACEMENT_MESSAGES.supervisorPhoneRequired, 40),
  weekly_hours_target: HoursTargetSchema,
  /** A staff member following the trainee; null: none yet. */
  coach_id_slug: IdSlugSchema.nullable().default(null),
};

export const CreatePlacementSchema = z.strictObject({
  user_id_slug: requiredText(PLACEMENT_MESSAGES.traineeRequired, 200),
  ...placementFields,
});
export type CreatePlacement = z.infer<typeof CreatePlacementSchema>;
export type CreatePlacementInput = z.input<typeof CreatePlacementSchema>;
export const UpdatePlacementSchema = z.strictObject(placementFields);
export type UpdatePlacement = z.infer<typeof UpdatePlacementSchema>;

/** One CSV row's fields, as the file writes them (the server checks each against the cohort and the host). */
export const PlacementCsvRowSchema = z.object({
  trainee_email: makeEmailSchema(),
  host_registration_number: requiredText(HOST_COMPANY_MESSAGES.registrationRequired, 40),
  site: requiredText(HOST_COMPANY_MESSAGES.siteNameRequired, 120),
  supervisor_name: requiredText(PLACEMENT_MESSAGES.supervisorNameRequired, 120),
  supervisor_email: makeEmailSchema(),
  supervisor_phone: requiredText(PLACEMENT_MESSAGES.supervisorPhoneRequired, 40),
  weekly_hours_target: HoursTargetSchema,
  coach_email: z
    .string()
    .trim()
    .toLowerCase()
    .transform((v) => v || null)
    .pipe(z.email({ error: 'Invalid email format' }).nullable())
    .default(null),
});

/** The CSV's text (UTF-8, a header row naming PLACEMENT_CSV_COLUMNS). */
export const PlacementCsvSchema = z.strictObject({ csv: z.string().min(1, { error: PLACEMENT_MESSAGES.csvEmpty }).max(1_000_000) });
export type PlacementCsv = z.infer<typeof PlacementCsvSchema>;

export const PlacementCsvPreviewRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  trainee_email: z.string(),
  trainee_name: z.string().nullable(),
  host_name: z.string().nullable(),
  site: z.string(),
  supervisor_name: z.string(),
  weekly_hours_target: z.number().nullable(),
  /** Replaces the trainee's current placement in this cohort. */
  replaces: z.boolean(),
  problems: z.array(z.string()),
});
export type PlacementCsvPreviewRow = z.infer<typeof PlacementCsvPreviewRowSchema>;
export const PlacementCsvPreviewSchema = z.object({
  rows: z.array(PlacementCsvPreviewRowSchema),
  /** Rows with at least one problem; the file is imported only when there are none. */
  problem_rows: z.number().int(),
});
export type PlacementCsvPreview = z.infer<typeof PlacementCsvPreviewSchema>;
export const PlacementCsvResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type PlacementCsvResult = z.infer<typeof PlacementCsvResultSchema>;

const PersonSchema = z.object({ id_slug: z.string(), first_name: z.string(), last_name: z.string(), email: z.string() });

export const PlacementSchema = z.object({
  id_slug: z.string(),
  trainee: PersonSchema,
  host_company: z.object({ id_slug: z.string(), name: z.string(), registration_number: z.string() }),
  site: z.string(),
  site_address: z.string(),
  supervisor_name: z.string(),
  supervisor_email: z.string(),
  supervisor_phone: z.string(),
  weekly_hours_target: z.number(),
  coach: PersonSchema.nullable(),
  /** The OJT phase's first and last day for this trainee (their own longer phase included), Malaysian dates. */
  starts_on: z.iso.date(),
  ends_on: z.iso.date(),
  /** Hours of the logbook's submitted and signed weeks, against the target of the weeks ended so far. */
  hours_logged: z.number(),
  /** Pro-rated for the days of breaks. */
  hours_due: z.number(),
  /** Every break recorded, with its corrections, first first; withdrawn ones say so. */
  breaks: z.array(PlacementBreakSchema),
});
export type Placement = z.infer<typeof PlacementSchema>;
export const PlacementsResponseSchema = z.object({ data: z.array(PlacementSchema) });
export type PlacementsResponse = z.infer<typeof PlacementsResponseSchema>;
export const PlacementResponseSchema = z.object({ data: PlacementSchema });
export type PlacementResponse = z.infer<typeof PlacementResponseSchema>;
/** The student's own placements (one per cohort they are placed in). */
export const MyPlacementsResponseSchema = PlacementsResponseSchema;

export const CohortPlacementParamsSchema = z.object({ cohortId: IdSlugSchema, placementId: IdSlugSchema });

export const PlacementPersonSchema = PersonSchema;
export type PlacementPerson = z.infer<typeof PersonSchema>;
/** A trainee's placement in a cohort as their coach (or an admin) reads it; null: not placed. */
export const StaffPlacementResponseSchema = z.object({ data: PlacementSchema.nullable() });
export type StaffPlacementResponse = z.infer<typeof StaffPlacementResponseSchema>;

/** The cohort's placements with what the Placements tab's form chooses from: trainees not yet placed, and staff who may coach. */
export const CohortPlacementsResponseSchema = z.object({
  data: z.array(PlacementSchema),
  unplaced: z.array(PersonSchema),
  coaches: z.array(PersonSchema),
  /** The cohort's OJT phase (without anyone's own longer phase). */
  ojt: z.object({ starts_on: z.iso.date(), ends_on: z.iso.date() }),
});
export type CohortPlacementsResponse = z.infer<typeof CohortPlacementsResponseSchema>;
