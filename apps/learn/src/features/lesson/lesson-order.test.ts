import type { CoursePart, LessonDetail } from '@school/contracts';
import { courseLessons, locateLesson } from './lesson-order';

const lesson = (id: string, order: number): LessonDetail => ({
  id_slug: id,
  title: id,
  description: '',
  order,
  lesson_type: 'READING',
  video_lecture_id_slug: null,
  video_duration_seconds: null,
  video_captions_url: null,
  reading_pdf_id_slugs: [],
  link_urls: [],
  reading_files: [],
  links: [],
  quiz_group: null,
  project_group: null,
  cohort_grade: null,
  user_cohort_grade: null,
  is_completed: false,
});

// Modules and lessons arrive out of order on purpose.
const course: CoursePart = {
  id_slug: 'c',
  title: 'C',
  description: '',
  completed_lessons: [],
  enrolment_status: 'ACTIVE',
  modules: [
    { id_slug: 'm2', title: 'Second', order: 1, completion_percentage: 0, lessons: [lesson('c1', 0)] },
    { id_slug: 'm1', title: 'First', order: 0, completion_percentage: 0, lessons: [lesson('b', 1), lesson('a', 0)] },
    { id_slug: 'm3', title: 'Empty', order: 2, completion_percentage: 0, lessons: [] },
  ],
};

describe('lesson order', () => {
  it('lists lessons by module order then lesson order', () => {
    expect(courseLessons(course).map((p) => `${p.moduleTitle}/${p.lesson.id_slug}`)).toEqual(['First/a', 'First/b', 'Second/c1']);
  });
  it('finds neighbours across module boundaries', () => {
    const at = locateLesson(course, 'b')!;
    expect(at.prev?.lesson.id_slug).toBe('a');
    expect(at.next?.lesson.id_slug).toBe('c1');
    expect(locateLesson(course, 'c1')!.prev?.lesson.id_slug).toBe('b');
  });
  it('has no Prev at the start, no Next at the end, nothing for an unknown lesson', () => {
    expect(locateLesson(course, 'a')!.prev).toBeNull();
    expect(locateLesson(course, 'c1')!.next).toBeNull();
    expect(locateLesson(course, 'zz')).toBeNull();
  });
});
