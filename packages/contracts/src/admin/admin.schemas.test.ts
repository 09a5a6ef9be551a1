import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-utils';
import {
  AddModuleSchema,
  AddStudentBulkSchema,
  AdminCertificateListQuerySchema,
  AdminCohortListQuerySchema,
  AdminCourseListQuerySchema,
  AdminStudentListQuerySchema,
  CohortQueueQuerySchema,
  CohortStudentsQuerySchema,
  CreateCertificateSchema,
  CreateCohortSchema,
  CreateCourseSchema,
  DEFAULT_CERTIFICATE_PROVIDER,
  MAX_BULK_STUDENTS,
  PAGE_SIZES,
  UpdateCohortSchema,
  UpdateCourseSchema,
  UpdateModulesSchema,
  UpdateStudentEnrolmentSchema,
} from './admin.schemas';

const dates = {
  start_date: '2025-09-01T09:00:00.000Z',
  end_date: '2025-12-01T09:00:00.000Z',
  end_access_date: '2026-01-01T09:00:00.000Z',
};

describe('list queries', () => {
  it('use the spec page sizes and sorts', () => {
    expect(AdminCourseListQuerySchema.parse({})).toEqual({ page: 1, page_size: 7, order_by: 'title' });
    expect(AdminCohortListQuerySchema.parse({})).toEqual({ page: 1, page_size: 8, order_by: '-created_date' });
    expect(AdminStudentListQuerySchema.parse({ role: 'STUDENT', exclude_cohort_id_slug: 'k' })).toEqual({
      page: 1,
      page_size: 10,
      order_by: '-created_date',
      role: 'STUDENT',
      exclude_cohort_id_slug: 'k',
    });
    expect(CohortStudentsQuerySchema.parse({}).page_size).toBe(20);
    expect(CohortQueueQuerySchema.parse({ page: '2' })).toEqual({ page: 2, page_size: 20 });
    expect(AdminCertificateListQuerySchema.parse({ cohort_id_slug: 'k' }).page_size).toBe(10);
    expect(AdminCourseListQuerySchema.parse({ cohort_id_slug: 'k' }).cohort_id_slug).toBe('k');
    expect(PAGE_SIZES).toMatchObject({
      courses: 7,
      cohorts: 8,
      students: 10,
      cohortStudents: 20,
      cohortQueue: 20,
      cohortCourseSearch: 20,
      addStudent: 20,
      certificates: 10,
    });
  });
  it('refuse an unknown role', () => {
    expect(AdminStudentListQuerySchema.safeParse({ role: 'ROOT' }).success).toBe(false);
  });
});

describe('course schemas', () => {
  it('require a course title', () => {
    expect(messagesOf(CreateCourseSchema, { title: '' })).toEqual({ title: ['Course title is required'] });
    expect(messagesOf(UpdateCourseSchema, {})).toEqual({ title: ['Course title is required'] });
    expect(CreateCourseSchema.parse({ title: ' Chips ' })).toEqual({ title: 'Chips', description: '' });
  });
  it('require module and lesson titles', () => {
    expect(messagesOf(AddModuleSchema, { title: ' ', order: 0 })).toEqual({ title: ['Module title is required'] });
    const result = UpdateModulesSchema.safeParse({
      modules: [{ title: 'M', order: 0, lessons: [{ title: '', order: 0, lesson_type: 'VIDEO' }] }],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['modules.0.lessons.0.title', 'Lesson title is required'],
    ]);
    const moduleTitle = UpdateModulesSchema.safeParse({ modules: [{ title: '', order: 0, lessons: [] }] });
    expect(moduleTitle.error!.issues[0].message).toBe('Module title is required');
  });
  it('accept new and existing lessons in the curriculum', () => {
    const parsed = UpdateModulesSchema.parse({
      modules: [
        {
          id_slug: 'm1',
          title: 'M',
          order: 0,
          lessons: [
            { id_slug: 'l1', title: 'Old', order: 0, lesson_type: 'READING', reading_pdf_id_slugs: ['/files/a.pdf'] },
            { title: 'New', order: 1, lesson_type: 'QUIZ', quiz_group_id_slug: 'q1', link_urls: ['https://x.io'] },
          ],
        },
      ],
    });
    expect(parsed.modules[0].lessons[1]).toMatchObject({ title: 'New', description: '', reading_pdf_id_slugs: [] });
    expect(
      UpdateModulesSchema.safeParse({ modules: [{ title: 'M', order: 0, lessons: [{ title: 'x', order: 0, lesson_type: 'GAME' }] }] })
        .success,
    ).toBe(false);
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
    expect(
      messagesOf(UpdateCohortSchema, { title: 'K', ...dates, end_access_date: '2025-11-01T09:00:00.000Z' }),
    ).toEqual({ end_access_date: ['End of access date must not be before the end date'] });
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

describe('certificates', () => {
  it('require a title and default the provider', () => {
    expect(messagesOf(CreateCertificateSchema, { title: '' })).toEqual({ title: ['Certificate title is required'] });
    expect(CreateCertificateSchema.parse({ title: 'Cert' })).toEqual({
      title: 'Cert',
      provider: [DEFAULT_CERTIFICATE_PROVIDER],
    });
    expect(CreateCertificateSchema.parse({ title: 'Cert', provider: ['X'] }).provider).toEqual(['X']);
  });
});
