import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { jsonSchemasOf, messagesOf } from '../test-utils';
import { ADMIN_MESSAGES } from '../common/admin-console';
import { plainText, requiredText } from '../common/text';
import { CohortStatusSchema } from '../learning/learning.schemas';
import {
  AddModuleSchema,
  AdminCourseListQuerySchema,
  AdminCourseSchema,
  AdminModuleSchema,
  CourseCohortSchema,
  CourseEngagementSchema,
  CreateCourseSchema,
  LessonInputSchema,
  LINK_URL_MESSAGE,
  LinkUrlSchema,
  ModuleInputSchema,
  UpdateCourseResponseSchema,
  UpdateCourseSchema,
  UpdateModulesResponseSchema,
  UpdateModulesSchema,
} from './courses.schemas';

describe('list query', () => {
  it('uses the spec page size and sort', () => {
    expect(AdminCourseListQuerySchema.parse({})).toEqual({ page: 1, page_size: 7, order_by: 'title' });
    expect(AdminCourseListQuerySchema.parse({ cohort_id_slug: 'k' }).cohort_id_slug).toBe('k');
  });
});

describe('lesson links', () => {
  it('take web addresses only: javascript:, data:, file: and other schemes are refused with the field message', () => {
    for (const ok of ['https://example.com/etching?x=1#a', 'http://localhost:3000/notes', 'HTTPS://Example.com/'])
      expect(LinkUrlSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'vbscript:msgbox(1)',
      'ftp://example.com/a',
      'mailto:a@example.com',
      'example.com',
    ])
      expect(messagesOf(LessonInputSchema, { title: 'L', order: 0, lesson_type: 'READING', link_urls: [bad] }), bad).toEqual({
        link_urls: [LINK_URL_MESSAGE],
      });
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

describe('derived course schemas', () => {
  it('the course detail has the fields it had when written out', () => {
    const written = z.object({
      id_slug: z.string(),
      title: z.string(),
      description: z.string(),
      created_date: z.string(),
      modified_date: z.string(),
      modules: z.array(AdminModuleSchema),
      cohorts: z.array(CourseCohortSchema),
      engagement: CourseEngagementSchema,
    });
    expect(jsonSchemasOf(AdminCourseSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof AdminCourseSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
  it('updating a course keeps the title rule and leaves a missing description out', () => {
    const written = z.strictObject({
      title: requiredText(ADMIN_MESSAGES.courseTitleRequired, 200),
      description: plainText(10_000, { multiline: true }, 'Description is too long').optional(),
    });
    expect(jsonSchemasOf(UpdateCourseSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof UpdateCourseSchema>>().toEqualTypeOf<z.infer<typeof written>>();
    expectTypeOf<z.input<typeof UpdateCourseSchema>>().toEqualTypeOf<z.input<typeof written>>();
    expect(UpdateCourseSchema.parse({ title: ' Chips ' })).toEqual({ title: 'Chips' });
    expect(UpdateCourseSchema.safeParse({ title: 'Chips', extra: 1 }).success).toBe(false);
    expect(messagesOf(UpdateCourseSchema, { title: 'Chips', description: 'x'.repeat(10_001) })).toEqual({
      description: ['Description is too long'],
    });
  });
  it('a new module is a curriculum module without id_slug whose lessons default to none', () => {
    const written = z.strictObject({
      title: requiredText(ADMIN_MESSAGES.moduleTitleRequired, 200),
      order: z.number({ error: 'Order is required' }).int().min(0),
      lessons: z.array(LessonInputSchema).max(500).optional().default([]),
    });
    expect(jsonSchemasOf(AddModuleSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof AddModuleSchema>>().toEqualTypeOf<z.infer<typeof written>>();
    expectTypeOf<z.input<typeof AddModuleSchema>>().toEqualTypeOf<z.input<typeof written>>();
    expect(AddModuleSchema.parse({ title: 'M', order: 0 })).toEqual({ title: 'M', order: 0, lessons: [] });
    expect(AddModuleSchema.safeParse({ id_slug: 'm1', title: 'M', order: 0 }).success).toBe(false);
    expect(messagesOf(AddModuleSchema, { title: 'M' })).toEqual({ order: ['Order is required'] });
    expect(ModuleInputSchema.safeParse({ title: 'M', order: 0 }).success).toBe(false);
  });
  it('the id responses are { id_slug } and the curriculum answer adds the modules', () => {
    expect(jsonSchemasOf(UpdateCourseResponseSchema)).toEqual(jsonSchemasOf(z.object({ id_slug: z.string() })));
    const written = z.object({ id_slug: z.string(), modules: z.array(AdminModuleSchema) });
    expect(jsonSchemasOf(UpdateModulesResponseSchema)).toEqual(jsonSchemasOf(written));
    expectTypeOf<z.infer<typeof UpdateModulesResponseSchema>>().toEqualTypeOf<z.infer<typeof written>>();
  });
  it('a course cohort still carries a cohort status', () => {
    expect(CourseCohortSchema.shape.status).toBe(CohortStatusSchema);
  });
});
