import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemasOf, messagesOf } from '../test-utils';
import { IdSlugSchema } from '../common/common.schemas';
import { EnrolmentStatusSchema } from '../learning/learning.schemas';
import {
  AddStudentBulkSchema,
  ADD_STUDENT_ONE_OF,
  AddStudentSchema,
  NAMES_NEED_EMAIL,
  AdminStudentListQuerySchema,
  BulkErrorStudentSchema,
  CohortEnrollmentSchema,
  CohortQueueQuerySchema,
  CohortStudentsQuerySchema,
  MAX_BULK_STUDENTS,
  RemoveStudentSchema,
  StudentSchema,
  UpdateStudentEnrolmentSchema,
} from './enrolments.schemas';

describe('list queries', () => {
  it('use the spec page sizes and sorts', () => {
    expect(AdminStudentListQuerySchema.parse({ role: 'STUDENT', exclude_cohort_id_slug: 'k' })).toEqual({
      page: 1,
      page_size: 10,
      order_by: '-created_date',
      role: 'STUDENT',
      exclude_cohort_id_slug: 'k',
    });
    expect(CohortStudentsQuerySchema.parse({}).page_size).toBe(20);
    expect(CohortQueueQuerySchema.parse({ page: '2' })).toEqual({ page: 2, page_size: 20 });
  });
  it('refuse an unknown role', () => {
    expect(AdminStudentListQuerySchema.safeParse({ role: 'ROOT' }).success).toBe(false);
  });
});

describe('student management', () => {
  it('only toggles ACTIVE and SUSPENDED', () => {
    expect(UpdateStudentEnrolmentSchema.safeParse({ user_id_slug: 'u', enrolment_status: 'SUSPENDED' }).success).toBe(true);
    expect(UpdateStudentEnrolmentSchema.safeParse({ user_id_slug: 'u', enrolment_status: 'COMPLETED' }).success).toBe(false);
  });
  it('bulk add takes 1 to 10,000 rows', () => {
    expect(messagesOf(AddStudentBulkSchema, { students: [] })).toEqual({
      students: ['There are no students uploaded! Please try again...'],
    });
    const row = { email: 'a@b.co', first_name: 'A', last_name: 'B' };
    expect(AddStudentBulkSchema.safeParse({ students: Array(MAX_BULK_STUDENTS).fill(row) }).success).toBe(true);
    expect(AddStudentBulkSchema.safeParse({ students: Array(MAX_BULK_STUDENTS + 1).fill(row) }).success).toBe(false);
    expect(AddStudentBulkSchema.safeParse({ students: [{ ...row, role: 'ADMIN' }] }).success).toBe(false);
  });
});

describe('derived enrolment schemas', () => {
  it('a student has the fields it had when written out', () => {
    const written = z.object({
      id_slug: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      cohort_enrollment: CohortEnrollmentSchema.nullable(),
      enrolment_status: EnrolmentStatusSchema.nullable(),
      latest_access_datetime: z.string().nullable(),
      completion_percentage: z.number(),
      is_suspended: z.boolean(),
    });
    expect(jsonSchemasOf(StudentSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof StudentSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
  it('removing and updating a student take the same user_id_slug, and nothing else', () => {
    const byUser = z.strictObject({ user_id_slug: IdSlugSchema });
    expect(jsonSchemasOf(RemoveStudentSchema)).toEqual(jsonSchemasOf(byUser));
    const update = z.strictObject({ user_id_slug: IdSlugSchema, enrolment_status: z.enum(['ACTIVE', 'SUSPENDED']) });
    expect(jsonSchemasOf(UpdateStudentEnrolmentSchema)).toEqual(jsonSchemasOf(update));
    expectTypeOf<z.infer<typeof UpdateStudentEnrolmentSchema>>().toEqualTypeOf<z.infer<typeof update>>();
    expect(UpdateStudentEnrolmentSchema.safeParse({ user_id_slug: 'u', enrolment_status: 'ACTIVE', extra: 1 }).success).toBe(false);
    expect(messagesOf(UpdateStudentEnrolmentSchema, { user_id_slug: 'u', enrolment_status: 'X' })).toEqual({
      enrolment_status: ['enrolment_status must be ACTIVE or SUSPENDED'],
    });
  });
  it('adding a student takes either an account or an email with an optional name, and nothing else', () => {
    expect(AddStudentSchema.safeParse({ user_id_slug: 'u' }).success).toBe(true);
    expect(AddStudentSchema.parse({ email: ' Ana@Example.com ', first_name: 'Ana' })).toEqual({
      email: 'ana@example.com',
      first_name: 'Ana',
    });
    expect(AddStudentSchema.safeParse({ user_id_slug: 'u', role: 'ADMIN' }).success).toBe(false);
    expect(messagesOf(AddStudentSchema, {})).toEqual({ email: [ADD_STUDENT_ONE_OF] });
    expect(messagesOf(AddStudentSchema, { user_id_slug: 'u', email: 'a@example.com' })).toEqual({ user_id_slug: [ADD_STUDENT_ONE_OF] });
    expect(messagesOf(AddStudentSchema, { user_id_slug: 'u', first_name: 'Ana' })).toEqual({ first_name: [NAMES_NEED_EMAIL] });
    expect(Object.keys(messagesOf(AddStudentSchema, { email: 'not-an-email' }))).toEqual(['email']);
  });
  it('a refused bulk row is a queue entry with a reason', () => {
    const written = z.object({ email: z.string(), first_name: z.string(), last_name: z.string(), reason: z.string() });
    expect(jsonSchemasOf(BulkErrorStudentSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof BulkErrorStudentSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
});
