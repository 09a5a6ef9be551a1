import { z } from 'zod';
import { CATEGORY_SLUGS, COURSE_LEVELS, COURSE_MODES, STATISTIC_ICONS } from './constants';

export { CATEGORY_SLUGS, COURSE_LEVELS, COURSE_MODES, STATISTIC_ICONS };

const text = z.string().trim().min(1);

export const CourseLevelSchema = z.enum(COURSE_LEVELS);
export const CourseModeSchema = z.enum(COURSE_MODES);
export const StatisticIconSchema = z.enum(STATISTIC_ICONS);
export const CategorySlugSchema = z.enum(CATEGORY_SLUGS);
export const CourseIdSchema = z.string().regex(/^course-\d+$/, 'A course id looks like course-12');

export const CategorySchema = z.strictObject({
  title: text,
  slug: CategorySlugSchema,
  feature: z.boolean(),
  fullTitle: text.optional(),
});

export const CourseModuleSchema = z.strictObject({
  title: text,
  descriptions: z.tuple([text, text]),
});

export const CourseStatisticSchema = z.strictObject({
  value: text,
  text: text,
  icon: StatisticIconSchema,
});

export const CourseDetailsSchema = z.strictObject({
  tagline: text,
  description: text,
  outcomes: z.tuple([text, text, text, text, text]),
  tools: z.tuple([text, text, text, text, text, text]),
  curriculum: z.array(CourseModuleSchema).min(2).max(4),
  why: z.strictObject({
    title: text,
    description: text,
    statistics: z.tuple([CourseStatisticSchema, CourseStatisticSchema, CourseStatisticSchema]),
  }),
  /** Spelt 'prequisites' in the catalogue contract. */
  prequisites: z.tuple([text, text, text]),
});

export const CourseSchema = z.strictObject({
  id: CourseIdSchema,
  title: text,
  description: text,
  level: CourseLevelSchema,
  mode: CourseModeSchema,
  length: z.string().regex(/^\d+ weeks?$/, 'A length looks like 6 weeks'),
  feature: z.boolean(),
  path: CategorySlugSchema,
  details: CourseDetailsSchema,
});

export const TestimonialSchema = z.strictObject({
  id: z.number().int().positive(),
  title: text,
  subtext: text,
  name: text,
  location: text,
});

export const InitiativeSchema = z.strictObject({
  id_slug: text,
  created_date: z.iso.datetime(),
  modified_date: z.iso.datetime(),
  title: text,
  frontend_slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  description: text,
  /** Applications are taken from `opens_at` until `closes_at`; `application_open` is derived from them. */
  opens_at: z.iso.datetime({ offset: true }),
  closes_at: z.iso.datetime({ offset: true }),
  time_period: text,
  /** When the intake's first cohort starts, as the programme page prints it. */
  first_cohort_start_label: text,
  /** The day the first cohort starts (YYYY-MM-DD, Malaysia): the eligibility rules take the applicant's age on it. */
  first_cohort_start: z.iso.date(),
  partner: text.nullable(),
});

export type CourseLevel = z.infer<typeof CourseLevelSchema>;
export type CourseMode = z.infer<typeof CourseModeSchema>;
export type StatisticIcon = z.infer<typeof StatisticIconSchema>;
export type CategorySlug = z.infer<typeof CategorySlugSchema>;
export type Category = z.infer<typeof CategorySchema>;
export type CourseModule = z.infer<typeof CourseModuleSchema>;
export type CourseStatistic = z.infer<typeof CourseStatisticSchema>;
export type CourseDetails = z.infer<typeof CourseDetailsSchema>;
export type Course = z.infer<typeof CourseSchema>;
export type Testimonial = z.infer<typeof TestimonialSchema>;
export type Initiative = z.infer<typeof InitiativeSchema>;
