import { z } from 'zod';
import { IdSlugResponseSchema, IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { ADMIN_MESSAGES, DEFAULT_SORTS, PAGE_SIZES } from '../common/admin-console';
import { plainText, requiredText } from '../common/text';
import { CohortIdSlugResponseSchema } from '../enrolments/enrolments.schemas';
import { SCHOOL_NAME } from '../common/school';

/** Certificate provider used when none is given: the school itself. */
export const DEFAULT_CERTIFICATE_PROVIDER = SCHOOL_NAME;

export const AdminCertificateListQuerySchema = makeListQuerySchema({
  page_size: PAGE_SIZES.certificates,
  order_by: DEFAULT_SORTS.certificates,
}).extend({
  cohort_id_slug: IdSlugSchema.optional(),
  exclude_cohort_id_slug: IdSlugSchema.optional(),
});
export type AdminCertificateListQuery = z.infer<typeof AdminCertificateListQuerySchema>;

export const AdminCertificateSchema = z.object({
  id_slug: z.string(),
  title: z.string(),
  provider: z.array(z.string()),
  created_date: z.string(),
  cohorts_count: z.number().int().nonnegative(),
  /** Certificates of this kind issued to students (current, not revoked), over every cohort. */
  issued_count: z.number().int().nonnegative(),
  /** The cohorts that award it, newest start first, each with the certificates issued there. */
  cohorts: z.array(z.object({ id_slug: z.string(), title: z.string(), issued_count: z.number().int().nonnegative() })),
});
export type AdminCertificate = z.infer<typeof AdminCertificateSchema>;
export const AdminCertificateListResponseSchema = paginated(AdminCertificateSchema);
export type AdminCertificateListResponse = z.infer<typeof AdminCertificateListResponseSchema>;

export const CreateCertificateSchema = z.strictObject({
  title: requiredText(ADMIN_MESSAGES.certificateTitleRequired, 200),
  provider: z
    .array(plainText(200).min(1, { error: 'Provider is required' }))
    .min(1, { error: 'Provider is required' })
    .max(20)
    .optional()
    .default([DEFAULT_CERTIFICATE_PROVIDER]),
});
export type CreateCertificate = z.infer<typeof CreateCertificateSchema>;
export const CreateCertificateResponseSchema = IdSlugResponseSchema;
export type CreateCertificateResponse = z.infer<typeof CreateCertificateResponseSchema>;

export const AddCertificateToCohortSchema = z.strictObject({ certificate_id_slug: IdSlugSchema });
export type AddCertificateToCohort = z.infer<typeof AddCertificateToCohortSchema>;
export const AddCertificateToCohortResponseSchema = CohortIdSlugResponseSchema.extend({
  certificate_id_slug: z.string(),
});
export type AddCertificateToCohortResponse = z.infer<typeof AddCertificateToCohortResponseSchema>;

// ---- issuing -----------------------------------------------------------------------------

/** The completion rules of a certificate in a cohort; defaults: all lessons, every mandatory item, 50%. */
export const CertificateRulesSchema = z.strictObject({
  min_lessons_percent: z.number({ error: 'Lessons completed must be a number' }).min(0).max(100),
  require_mandatory_graded: z.boolean(),
  min_weighted_total: z.number({ error: 'Minimum weighted total must be a number' }).min(0).max(100),
});
export type CertificateRules = z.infer<typeof CertificateRulesSchema>;
export const DEFAULT_CERTIFICATE_RULES: CertificateRules = {
  min_lessons_percent: 100,
  require_mandatory_graded: true,
  min_weighted_total: 50,
};
export const CohortCertificateParamsSchema = z.object({ cohortId: IdSlugSchema, certificateId: IdSlugSchema });
export const CertificateRulesResponseSchema = CertificateRulesSchema.extend({
  cohort_id_slug: z.string(),
  certificate_id_slug: z.string(),
  certificate_title: z.string(),
});
export type CertificateRulesResponse = z.infer<typeof CertificateRulesResponseSchema>;
export const CohortCertificateRulesResponseSchema = z.object({ data: z.array(CertificateRulesResponseSchema) });
export type CohortCertificateRulesResponse = z.infer<typeof CohortCertificateRulesResponseSchema>;

export const ISSUED_CERTIFICATE_STATES = ['ISSUED', 'REVOKED'] as const;
export const IssuedCertificateStateSchema = z.enum(ISSUED_CERTIFICATE_STATES);
export type IssuedCertificateState = z.infer<typeof IssuedCertificateStateSchema>;

export const IssuedCertificatesQuerySchema = makeListQuerySchema({ page_size: 20, order_by: '-issued_at' }).extend({
  state: IssuedCertificateStateSchema.optional(),
});
export type IssuedCertificatesQuery = z.infer<typeof IssuedCertificatesQuerySchema>;
export const IssuedCertificatesExportQuerySchema = z.object({ state: IssuedCertificateStateSchema.optional() });

export const IssuedCertificateSchema = z.object({
  credential_id: z.string(),
  state: IssuedCertificateStateSchema,
  certificate_id_slug: z.string(),
  certificate_title: z.string(),
  user_id_slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  issued_at: z.string(),
  /** Null when the completion rules issued it. */
  issue_reason: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
});
export type IssuedCertificate = z.infer<typeof IssuedCertificateSchema>;
export const IssuedCertificatesResponseSchema = paginated(IssuedCertificateSchema);
export type IssuedCertificatesResponse = z.infer<typeof IssuedCertificatesResponseSchema>;

export const REASON_REQUIRED = 'A reason is required';
const reason = requiredText(REASON_REQUIRED, 500);
export const IssueCertificateSchema = z.strictObject({ user_id_slug: IdSlugSchema, reason });
export type IssueCertificate = z.infer<typeof IssueCertificateSchema>;
export const RevokeCertificateSchema = z.strictObject({ reason });
export type RevokeCertificate = z.infer<typeof RevokeCertificateSchema>;
export const CredentialParamsSchema = z.object({ credentialId: IdSlugSchema });

/**
 * The Open Badges 3.0 credential as a JSON file to keep or hand to a wallet: the W3C VC 2.0
 * enveloped form, whose id is the signed VC-JWT as a data: URL (verifiable offline with the
 * issuer's published key).
 */
export const EnvelopedCredentialSchema = z.object({
  '@context': z.literal('https://www.w3.org/ns/credentials/v2'),
  type: z.literal('EnvelopedVerifiableCredential'),
  id: z.string().startsWith('data:application/vc+jwt,'),
});
export type EnvelopedCredential = z.infer<typeof EnvelopedCredentialSchema>;
export const IssuedCertificateResponseSchema = IssuedCertificateSchema;

/** What the public verification page shows: nothing personal beyond the holder's name. */
export const CredentialVerificationSchema = z.object({
  status: z.enum(['VALID', 'REVOKED']),
  credential_id: z.string(),
  holder_name: z.string(),
  certificate_title: z.string(),
  cohort_title: z.string(),
  issuer: z.array(z.string()),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type CredentialVerification = z.infer<typeof CredentialVerificationSchema>;
