import { z } from 'zod';
import { CONTROL_CHARACTER_MESSAGE, hasControlCharacter } from './text';

/** Error body of every failed call: status code + `{ message, errors? }`. */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 6 characters, include a lowercase and uppercase letter, a number and a symbol';

export const MAX_PAGE_SIZE = 100;

/** Opaque identifier of any resource. */
export const IdSlugSchema = z
  .string()
  .trim()
  .min(1, { error: 'Identifier is required' })
  .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
  .max(200);
export type IdSlug = z.infer<typeof IdSlugSchema>;

/** Date-time as an ISO 8601 string (offset allowed, e.g. 2025-09-01T09:00:00.000Z). */
export const DateTimeSchema = z.iso.datetime({ offset: true, local: true, error: 'Invalid date' });

/** Optional search text: trimmed; an empty string means "no search". */
export const optionalTrimmed = z
  .string()
  .trim()
  .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
  .max(200, { error: 'search_query must be at most 200 characters' })
  .optional()
  .transform((v) => (v ? v : undefined));

export interface ListQueryDefaults {
  page_size?: number;
  order_by?: string;
}

/** Build a list query with its own defaults (page size, sort). */
export function makeListQuerySchema(defaults: ListQueryDefaults = {}) {
  const pageSize = z.coerce
    .number<number | string>({ error: 'page_size must be a number' })
    .int({ error: 'page_size must be an integer' })
    .min(1, { error: 'page_size must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `page_size must be at most ${MAX_PAGE_SIZE}` })
    .default(defaults.page_size ?? 10);
  const orderText = z
    .string()
    .trim()
    .refine((v) => !hasControlCharacter(v), { error: CONTROL_CHARACTER_MESSAGE })
    .max(64);
  const orderBy = defaults.order_by === undefined ? orderText.optional() : orderText.default(defaults.order_by);
  return z.object({
    page: z.coerce
      .number<number | string>({ error: 'page must be a number' })
      .int({ error: 'page must be an integer' })
      .min(1, { error: 'page must be at least 1' })
      .default(1),
    page_size: pageSize,
    search_query: optionalTrimmed,
    order_by: orderBy,
  });
}

export const ListQuerySchema = makeListQuerySchema();
export type ListQuery = z.infer<typeof ListQuerySchema>;
export type ListQueryInput = z.input<typeof ListQuerySchema>;

/** `{ data: item[], count, num_pages }` */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    count: z.number().int().nonnegative(),
    num_pages: z.number().int().nonnegative(),
  });
}
export interface Paginated<T> {
  data: T[];
  count: number;
  num_pages: number;
}

/** Answer of calls that only acknowledge. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

export const IdSlugResponseSchema = z.object({ id_slug: z.string() });
export type IdSlugResponse = z.infer<typeof IdSlugResponseSchema>;

/** One dependency's state in a health answer; its latency when it answered. */
export const HealthCheckSchema = z.object({ status: z.enum(['up', 'down']), latency_ms: z.number().int().optional() });
export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: HealthCheckSchema,
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
/** Readiness: the database and every other dependency the API registered (storage, queue), by name. */
export const ReadinessResponseSchema = z.object({
  status: z.enum(['ok', 'error', 'stopping']),
  database: HealthCheckSchema,
  checks: z.record(z.string(), HealthCheckSchema),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
/** The API's OpenAPI 3.1 document. */
export const OpenApiDocumentResponseSchema = z.record(z.string(), z.unknown());
/** Prometheus' text exposition format. */
export const MetricsResponseSchema = z.string();

/** Path param objects */
export const IdParamsSchema = z.object({ id: IdSlugSchema });
export const CohortIdParamsSchema = z.object({ cohortId: IdSlugSchema });
export const CourseIdParamsSchema = z.object({ courseId: IdSlugSchema });
export const UserIdSlugParamsSchema = z.object({ userIdSlug: IdSlugSchema });
export const ApplicationIdParamsSchema = z.object({ applicationId: IdSlugSchema });
export const LessonIdParamsSchema = z.object({ lessonId: IdSlugSchema });
export const CohortLessonParamsSchema = z.object({ cohortId: IdSlugSchema, lessonId: IdSlugSchema });
export const GradeItemIdParamsSchema = z.object({ gradeItemId: IdSlugSchema });
