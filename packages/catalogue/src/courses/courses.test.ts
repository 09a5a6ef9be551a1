import { describe, expect, it } from 'vitest';
import { categories } from '../categories';
import { CATEGORY_SLUGS, CourseSchema } from '../schemas';
import { categoryOfCourseId, courses, coursesByCategory, featuredCourses, getCourse, loadCategoryCourses, loadCourse } from './index';

const ids = (list: readonly { id: string }[]) => list.map((course) => course.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `course-${from + i}`);

describe('courses', () => {
  it('validates every course against the schema', () => {
    for (const course of courses) {
      const result = CourseSchema.safeParse(course);
      expect(result.success, `${course.id}: ${result.error?.message}`).toBe(true);
    }
  });

  it('has ids course-0 to course-2 and course-4 to course-43, in order, with no course-3', () => {
    expect(ids(courses)).toEqual([...range(0, 2), ...range(4, 43)]);
    expect(getCourse('course-3')).toBeUndefined();
  });

  it('gives every course the required number of items', () => {
    for (const { id, details } of courses) {
      expect(details.outcomes, id).toHaveLength(5);
      expect(details.tools, id).toHaveLength(6);
      expect(details.curriculum.length, id).toBeGreaterThanOrEqual(2);
      expect(details.curriculum.length, id).toBeLessThanOrEqual(4);
      for (const module of details.curriculum) expect(module.descriptions, id).toHaveLength(2);
      expect(details.why.statistics, id).toHaveLength(3);
      expect(details.prequisites, id).toHaveLength(3);
    }
  });

  it('rejects a course with a wrong count or an unknown level', () => {
    const course = courses[0];
    const fourOutcomes = { ...course, details: { ...course.details, outcomes: course.details.outcomes.slice(0, 4) } };
    expect(CourseSchema.safeParse(fourOutcomes).success).toBe(false);
    expect(CourseSchema.safeParse({ ...course, level: 'Advanced' }).success).toBe(false);
    const fiveModules = { ...course, details: { ...course.details, curriculum: Array(5).fill(course.details.curriculum[0]) } };
    expect(CourseSchema.safeParse(fiveModules).success).toBe(false);
  });

  it('has unique titles and unique outcomes within each course', () => {
    const titles = courses.map((course) => course.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const { id, details } of courses) {
      expect(new Set(details.outcomes).size, id).toBe(5);
      expect(new Set(details.tools).size, id).toBe(6);
    }
  });

  it('features exactly course-0, course-1 and course-2', () => {
    expect(ids(featuredCourses)).toEqual(['course-0', 'course-1', 'course-2']);
    expect(featuredCourses).toEqual(courses.filter((course) => course.feature));
  });

  it('sets the introductory courses as the catalogue contract says', () => {
    const intro = range(0, 2).map((id) => getCourse(id)!);
    expect(intro.map((course) => course.path)).toEqual(['beginner', 'beginner', 'beginner']);
    expect(intro.map((course) => course.mode)).toEqual(['Online', 'Hybrid', 'Online']);
    expect(intro.map((course) => course.length)).toEqual(['4 weeks', '6 weeks', '10 weeks']);
  });

  it('makes course-4 to course-35 hybrid, 6 weeks, not featured, in a specialist category', () => {
    const allowed = ['ld', 'dv', 'pd', 'dft', 'md', 'st', 'pe'];
    for (const id of range(4, 35)) {
      const course = getCourse(id)!;
      expect(course.mode, id).toBe('Hybrid');
      expect(course.length, id).toBe('6 weeks');
      expect(course.feature, id).toBe(false);
      expect(allowed, id).toContain(course.path);
    }
  });

  it('puts course-36 to course-38 in pe and course-39 to course-43 in fa', () => {
    for (const id of range(36, 38)) expect(getCourse(id)?.path, id).toBe('pe');
    for (const id of range(39, 43)) expect(getCourse(id)?.path, id).toBe('fa');
    for (const id of range(36, 43)) expect(getCourse(id)?.feature, id).toBe(false);
  });

  it('leaves no category empty', () => {
    for (const category of categories) {
      expect(coursesByCategory(category.slug).length, category.slug).toBeGreaterThan(0);
    }
    expect(coursesByCategory('beginner').map((course) => course.id)).toEqual(range(0, 2));
    expect(coursesByCategory('fa').map((course) => course.id)).toEqual(range(39, 43));
    expect(coursesByCategory('nope')).toEqual([]);
  });

  it('uses all three levels and the spelling Advance', () => {
    const levels = new Set(courses.map((course) => course.level));
    expect([...levels].sort()).toEqual(['Advance', 'Beginner', 'Intermediate']);
  });
});

describe('loading one category at a time', () => {
  it('knows the category of every course id and of no other id', () => {
    for (const course of courses) expect(categoryOfCourseId(course.id), course.id).toBe(course.path);
    for (const id of ['course-3', 'course-44', 'course-x', 'abc']) expect(categoryOfCourseId(id), id).toBeUndefined();
  });
  it('loads the same courses as the full list', async () => {
    expect(await loadCourse('course-21')).toEqual(getCourse('course-21'));
    expect(await loadCourse('course-3')).toBeUndefined();
    for (const slug of CATEGORY_SLUGS) expect(await loadCategoryCourses(slug)).toEqual(coursesByCategory(slug));
  });
});
