import { z } from 'zod';
import { IdSlugSchema } from '../common/common.schemas';

/**
 * The evidence pack of on-the-job training: per trainee a PDF and a CSV of their placement, logbook
 * (every week's state and sign-off), hours against target and attendance; per cohort one ZIP of
 * every placed trainee's pack and a cohort CSV, made by a background job.
 */

export const EVIDENCE_PACK_MESSAGES = {
  notFound: 'Placement not found',
  cohortHasNoPlacements: 'No trainee of this cohort is placed yet: there is no evidence to pack',
  alreadyRunning: 'An evidence pack of this cohort is already being prepared',
} as const;

export const EVIDENCE_PACK_FORMATS = ['pdf', 'csv'] as const;
export const EvidencePackFormatSchema = z.enum(EVIDENCE_PACK_FORMATS);
export type EvidencePackFormat = z.infer<typeof EvidencePackFormatSchema>;

export const PlacementEvidencePackParamsSchema = z.object({ placementId: IdSlugSchema, format: EvidencePackFormatSchema });

export const EVIDENCE_PACK_JOB_STATES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
export const EvidencePackJobStateSchema = z.enum(EVIDENCE_PACK_JOB_STATES);
export type EvidencePackJobState = z.infer<typeof EvidencePackJobStateSchema>;

/** A cohort's pack as the Placements tab shows it: its progress (`done` of `total` trainees) and, once ready, its ZIP. */
export const CohortEvidencePackSchema = z.object({
  id_slug: z.string(),
  state: EvidencePackJobStateSchema,
  done: z.number().int(),
  total: z.number().int(),
  requested_by: z.string(),
  requested_at: z.string(),
  finished_at: z.string().nullable(),
  error: z.string().nullable(),
  /** A signed download link of the ZIP, while READY. */
  zip_url: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
});
export type CohortEvidencePack = z.infer<typeof CohortEvidencePackSchema>;
export const CohortEvidencePacksResponseSchema = z.object({ data: z.array(CohortEvidencePackSchema) });
export type CohortEvidencePacksResponse = z.infer<typeof CohortEvidencePacksResponseSchema>;
