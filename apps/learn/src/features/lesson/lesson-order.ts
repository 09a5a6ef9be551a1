import type { CoursePart, LessonDetail } from '@school/contracts';

export interface PlacedLesson {
  lesson: LessonDetail;
  moduleTitle: string;
  /** Position in the whole course, from 0. */
  index: number;
}

/** Every lesson of a course in reading order: modules by order, then lessons by order. */
export function courseLessons(course: CoursePart): PlacedLesson[] {
  const list: PlacedLesson[] = [];
  const modules = [...course.modules].sort((a, b) => a.order - b.order);
  for (const m of modules) {
    for (const lesson of [...m.lessons].sort((a, b) => a.order - b.order)) list.push({ lesson, moduleTitle: m.title, index: list.length });
  }
  return list;
}

/** The lesson, and its neighbours across module boundaries (null at either end of the course). */
export function locateLesson(course: CoursePart, lessonId: string) {
  const all = courseLessons(course);
  const at = all.findIndex((p) => p.lesson.id_slug === lessonId);
  if (at < 0) return null;
  return { current: all[at], prev: all[at - 1] ?? null, next: all[at + 1] ?? null, total: all.length };
}
