import type { CoursePart, GradeItem, LessonDetail, UserCohortView } from '@school/contracts';

export function grade(
  id: string,
  user: GradeItem['user_submission_status'],
  cohort: GradeItem['cohort_grade_info']['submission_status'],
  extra: Partial<GradeItem['cohort_grade_info']> & { user_grade?: number | null } = {},
): GradeItem {
  const { user_grade = null, ...info } = extra;
  return {
    id_slug: id,
    user_grade,
    set_by_hand: false,
    user_submission_status: user,
    cohort_grade_info: {
      lesson_title: `Item ${id}`,
      course_id: 'course-1',
      lesson_id: `lesson-${id}`,
      deadline_datetime: '2026-09-01T09:00:00Z',
      is_mandatory: true,
      grade_percentage: 30,
      lesson_type: 'QUIZ',
      result_open_datetime: null,
      submission_status: cohort,
      ...info,
    },
    original_grade: null,
    deadline_extended: false,
  };
}

export function cohortView(overrides: Partial<UserCohortView> = {}): UserCohortView {
  return {
    title: 'Semiconductor Talent Programme: Cohort 1',
    start_date: '2026-09-01T00:00:00Z',
    end_date: '2026-12-01T00:00:00Z',
    end_access_date: '2027-03-01T00:00:00Z',
    courses_part: [
      {
        id_slug: 'course-1',
        title: 'Digital IC Design Fundamentals',
        total_lessons: 3,
        completion_percentage: 0,
        modules: [
          {
            id_slug: 'm1',
            title: 'RTL design',
            order: 0,
            completion_percentage: 50,
            lessons: [
              { lesson_id: 'l1', lesson_title: 'The design flow', lesson_type: 'VIDEO', is_completed: true, order: 0 },
              { lesson_id: 'l2', lesson_title: 'Logic reading', lesson_type: 'READING', is_completed: false, order: 1 },
            ],
          },
          {
            id_slug: 'm2',
            title: 'Verification',
            order: 1,
            completion_percentage: 0,
            lessons: [{ lesson_id: 'l3', lesson_title: 'UART project', lesson_type: 'PROJECT', is_completed: false, order: 0 }],
          },
        ],
      },
    ],
    latest_lesson_part: {
      lesson_id: 'l1',
      lesson_title: 'The design flow',
      lesson_type: 'VIDEO',
      course_info: { course_id_slug: 'course-1', course_title: 'Digital IC Design Fundamentals' },
    },
    user_cohort_part: {
      completed_lessons_ids: ['l1'],
      cohort_id_slug: 'k1',
      total_grades: 0,
      enrolment_status: 'ACTIVE',
      weighted_total: null,
    },
    user_grades_part: [],
    certificates_part: [],
    ...overrides,
  };
}

export function lesson(
  id: string,
  title: string,
  type: LessonDetail['lesson_type'],
  order: number,
  extra: Partial<LessonDetail> = {},
): LessonDetail {
  return {
    id_slug: id,
    title,
    description: `About ${title}`,
    order,
    lesson_type: type,
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
    ...extra,
  };
}

export function coursePart(overrides: Partial<CoursePart> = {}): CoursePart {
  return {
    id_slug: 'course-1',
    title: 'Digital IC Design Fundamentals',
    description: '',
    completed_lessons: ['l1'],
    enrolment_status: 'ACTIVE',
    modules: [
      {
        id_slug: 'm1',
        title: 'RTL design',
        order: 0,
        completion_percentage: 50,
        lessons: [
          lesson('l1', 'The design flow', 'VIDEO', 0, { is_completed: true, video_lecture_id_slug: 'vid1' }),
          lesson('l2', 'Logic reading', 'READING', 1, {
            reading_files: [{ name: 'Logic.pdf', url: '/api/files/f1?exp=1&dl=0&sig=a', download_url: '/api/files/f1?exp=1&dl=1&sig=b' }],
            links: [{ title: 'https://example.com/sv', url: 'https://example.com/sv', is_file: false }],
          }),
        ],
      },
      {
        id_slug: 'm2',
        title: 'Verification',
        order: 1,
        completion_percentage: 0,
        lessons: [
          lesson('l3', 'Testbench video', 'VIDEO', 0, {
            video_lecture_id_slug: 'vid3',
            video_captions_url: '/api/files/cap3?exp=1&dl=0&sig=c',
          }),
        ],
      },
    ],
    ...overrides,
  };
}
