import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemasOf, messagesOf } from '../test-utils';
import { StudentSchema } from '../enrolments/enrolments.schemas';
import { CohortStatusSchema } from '../learning/learning.schemas';
import {
  ActiveCohortSchema,
  AdminCohortListQuerySchema,
  AdminCohortSchema,
  CohortCertificateSchema,
  CohortCourseLinkResponseSchema,
  CohortCourseSchema,
  CreateCohortSchema,
  DeleteResponseSchema,
  InstructorCohortSchema,
  UpdateCohortResponseSchema,
  UpdateCohortSchema,
} from './cohorts.schemas';

const dates = {
  start_date: '2025-09-01T09:00:00.000Z',
  end_date: '2025-12-01T09:00:00.000Z',
  end_access_date: '2026-01-01T09:00:00.000Z',
};

describe('list query', () => {
  it('uses the spec page size and sort', () => {
    expect(AdminCohortListQuerySchema.parse({})).toEqual({ page: 1, page_size: 8, order_by: '-created_date' });
  });
});

describe('cohort schemas', () => {
  it('require a title and the three dates', () => {
    expect(messagesOf(UpdateCohortSchema, {})).toEqual({
      title: ['Cohort title is required'],
      start_date: ['Start date is required'],
      end_date: ['End date is required'],
      end_access_date: ['End of access date is required'],
    });
  });
  it('accept a nullable result date and local date-times', () => {
    expect(UpdateCohortSchema.safeParse({ title: 'K', ...dates, result_open_date: null }).success).toBe(true);
    expect(
      UpdateCohortSchema.safeParse({
        title: 'K',
        start_date: '2025-09-01T09:00',
        end_date: '2025-12-01T09:00',
        end_access_date: '2025-12-01T09:00',
      }).success,
    ).toBe(true);
    expect(messagesOf(UpdateCohortSchema, { title: 'K', ...dates, start_date: 'tomorrow' })).toEqual({
      start_date: ['Invalid date'],
    });
  });
  it('order the dates', () => {
    expect(messagesOf(UpdateCohortSchema, { title: 'K', ...dates, end_date: dates.start_date })).toEqual({
      end_date: ['End date must be after the start date'],
    });
    expect(messagesOf(UpdateCohortSchema, { title: 'K', ...dates, end_access_date: '2025-11-01T09:00:00.000Z' })).toEqual({
      end_access_date: ['End of access date must not be before the end date'],
    });
  });
  it('creation links at least one course', () => {
    expect(messagesOf(CreateCohortSchema, { title: 'K', ...dates, course_ids: [] })).toEqual({
      course_ids: ['Please link this cohort to a course!'],
    });
    expect(messagesOf(CreateCohortSchema, { title: 'K', ...dates })).toEqual({
      course_ids: ['Please link this cohort to a course!'],
    });
    expect(messagesOf(CreateCohortSchema, { title: 'K', ...dates, course_ids: ['c', 'c'] })).toEqual({
      course_ids: ['Course already added!'],
    });
    expect(CreateCohortSchema.safeParse({ title: 'K', ...dates, course_ids: ['c'] }).success).toBe(true);
  });
});

describe('derived cohort schemas', () => {
  const count = z.number().int().nonnegative();
  it('the cohort detail has the fields it had when written out', () => {
    const written = z.object({
      id_slug: z.string(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      end_access_date: z.string(),
      result_open_date: z.string().nullable(),
      status: CohortStatusSchema,
      total_active: count,
      total_students: count,
      total_dropped: count,
      courses: z.array(CohortCourseSchema),
      students: z.array(StudentSchema),
      certificates: z.array(CohortCertificateSchema),
      courses_without_grade_items: z
        .array(z.object({ id_slug: z.string(), title: z.string(), graded_lessons: z.number().int() }))
        .optional(),
    });
    expect(jsonSchemasOf(AdminCohortSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof AdminCohortSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
  it('an instructor cohort has the fields it had when written out', () => {
    const written = z.object({
      id_slug: z.string(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      end_access_date: z.string(),
      status: CohortStatusSchema,
      total_active: count,
      total_students: count,
      courses: z.array(CohortCourseSchema),
    });
    expect(jsonSchemasOf(InstructorCohortSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof InstructorCohortSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
  it('active cohorts, cohort courses and cohort certificates have the fields they had when written out', () => {
    const active = z.object({
      id_slug: z.string(),
      title: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      status: CohortStatusSchema,
    });
    expect(jsonSchemasOf(ActiveCohortSchema)).toEqual(jsonSchemasOf(active));
    expectTypeOf<z.infer<typeof ActiveCohortSchema>>().toEqualTypeOf<z.infer<typeof active>>();
    const course = z.object({
      id_slug: z.string(),
      title: z.string(),
      description: z.string(),
      modules_count: count,
      lessons_count: count,
    });
    expect(jsonSchemasOf(CohortCourseSchema)).toEqual(jsonSchemasOf(course));
    expectTypeOf<z.infer<typeof CohortCourseSchema>>().toEqualTypeOf<z.infer<typeof course>>();
    const certificate = z.object({ id_slug: z.string(), title: z.string(), provider: z.array(z.string()) });
    expect(jsonSchemasOf(CohortCertificateSchema)).toEqual(jsonSchemasOf(certificate));
    expectTypeOf<z.infer<typeof CohortCertificateSchema>>().toEqualTypeOf<z.infer<typeof certificate>>();
  });
  it('the link, update and delete answers have the fields they had when written out', () => {
    const link = z.object({ cohort_id_slug: z.string(), course_id_slug: z.string() });
    expect(jsonSchemasOf(CohortCourseLinkResponseSchema)).toEqual(jsonSchemasOf(link));
    expectTypeOf<z.infer<typeof CohortCourseLinkResponseSchema>>().toEqualTypeOf<z.infer<typeof link>>();
    expect(jsonSchemasOf(UpdateCohortResponseSchema)).toEqual(jsonSchemasOf(z.object({ id_slug: z.string() })));
    expect(jsonSchemasOf(DeleteResponseSchema)).toEqual(jsonSchemasOf(z.object({ message: z.string() })));
  });
});
