import { z } from 'zod';
import { IdSlugResponseSchema, IdSlugSchema, makeListQuerySchema, paginated } from '../common/common.schemas';
import { ADMIN_MESSAGES, DEFAULT_SORTS, PAGE_SIZES } from '../common/admin-console';
import { plainText, requiredText } from '../common/text';
import { CohortIdSlugResponseSchema } from '../enrolments/enrolments.schemas';

/** Certificate provider used when none is given. */
export const DEFAULT_CERTIFICATE_PROVIDER = 'Semiconductor Training School';

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
