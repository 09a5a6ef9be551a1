import { describe, expect, it } from 'vitest';
import { messagesOf } from '../test-utils';
import {
  CertificateDocumentResponseSchema,
  ENROLMENT_STATUS,
  type GradeItem,
  gradeDisplayStatus,
  isGreenGradeStatus,
  LESSON_TYPE_LABELS,
  LessonDetailSchema,
  MarkLessonCompleteSchema,
  UserCohortsResponseSchema,
  UserCohortViewResponseSchema,
  UserCourseViewResponseSchema,
  VideoUrlQuerySchema,
} from './learning.schemas';

function grade(user: GradeItem['user_submission_status'], cohort: GradeItem['cohort_grade_info']['submission_status']): GradeItem {
  return {
    id_slug: 'g',
    user_grade: null,
    set_by_hand: false,
    user_submission_status: user,
    cohort_grade_info: {
      lesson_title: 'Project',
      course_id: 'c',
      lesson_id: 'l',
      deadline_datetime: '2025-09-01T00:00:00Z',
      is_mandatory: true,
      grade_percentage: 80,
      lesson_type: 'PROJECT',
      result_open_datetime: null,
      submission_status: cohort,
    },
    original_grade: null,
    deadline_extended: false,
  };
}

describe('gradeDisplayStatus', () => {
  it('follows the spec precedence', () => {
    expect(gradeDisplayStatus(grade('SUBMITTED', 'NOT_OPEN'))).toBe('Not open');
    expect(gradeDisplayStatus(grade('SUBMITTED', 'OPEN'))).toBe('Submitted');
    expect(gradeDisplayStatus(grade('SUBMITTED', 'locked'))).toBe('Submitted');
    expect(gradeDisplayStatus(grade('PENDING', 'OPEN'))).toBe('Open');
    expect(gradeDisplayStatus(grade('GRADED', 'locked'))).toBe('Graded');
    expect(gradeDisplayStatus(grade('PENDING', 'locked'))).toBe('Locked');
  });
  it('marks graded and submitted rows green', () => {
    expect(isGreenGradeStatus(grade('GRADED', 'locked'))).toBe(true);
    expect(isGreenGradeStatus(grade('SUBMITTED', 'OPEN'))).toBe(true);
    expect(isGreenGradeStatus(grade('PENDING', 'OPEN'))).toBe(false);
    expect(isGreenGradeStatus('Locked')).toBe(false);
    expect(isGreenGradeStatus('Not open')).toBe(false);
  });
});

describe('constants', () => {
  it('labels lesson types', () => {
    expect(LESSON_TYPE_LABELS).toEqual({
      VIDEO: 'Video lecture',
      READING: 'Reading',
      QUIZ: 'Online quiz',
      PROJECT: 'Project submission',
    });
    expect(Object.values(ENROLMENT_STATUS)).toEqual(['ACTIVE', 'SUSPENDED', 'COMPLETED']);
  });
});

describe('student call schemas', () => {
  it('mark-lesson-complete needs both ids and nothing else', () => {
    expect(MarkLessonCompleteSchema.safeParse({ user_id_slug: 'u', lesson_id_slug: 'l' }).success).toBe(true);
    expect(MarkLessonCompleteSchema.safeParse({ user_id_slug: 'u' }).success).toBe(false);
    expect(MarkLessonCompleteSchema.safeParse({ user_id_slug: 'u', lesson_id_slug: 'l', cohort: 'x' }).success).toBe(false);
  });
  it('video url needs a url', () => {
    expect(messagesOf(VideoUrlQuerySchema, {})).toEqual({ url: ['url is required'] });
    expect(VideoUrlQuerySchema.parse({ url: 'videos/a.mp4' })).toEqual({ url: 'videos/a.mp4' });
  });
  it('parses the dashboard, cohort view and course view bodies', () => {
    const latest = {
      lesson_id: 'l1',
      lesson_title: 'Intro',
      lesson_type: 'VIDEO',
      course_info: { course_id_slug: 'c1', course_title: 'Chips' },
    };
    expect(
      UserCohortsResponseSchema.parse({
        data: [
          { cohort_part: { id_slug: 'k', title: 'K', start_date: 'a', end_date: 'b', end_access_date: 'c' }, latest_lesson_part: latest },
          { cohort_part: { id_slug: 'k2', title: 'K2', start_date: 'a', end_date: 'b', end_access_date: 'c' }, latest_lesson_part: null },
        ],
      }).data,
    ).toHaveLength(2);

    const view = {
      title: 'Cohort',
      start_date: '2025-09-01',
      end_date: '2025-12-01',
      end_access_date: '2026-01-01',
      courses_part: [
        {
          id_slug: 'c1',
          title: 'Chips',
          total_lessons: 1,
          completion_percentage: 100,
          modules: [
            {
              id_slug: 'm1',
              title: 'M',
              order: 0,
              completion_percentage: 100,
              lessons: [{ lesson_id: 'l1', lesson_title: 'Intro', lesson_type: 'VIDEO', is_completed: true, order: 0 }],
            },
          ],
        },
      ],
      latest_lesson_part: latest,
      user_cohort_part: {
        completed_lessons_ids: ['l1'],
        cohort_id_slug: 'k',
        total_grades: 0,
        enrolment_status: 'ACTIVE',
        weighted_total: null,
      },
      user_grades_part: [grade('PENDING', 'OPEN')],
      certificates_part: [
        { id_slug: 'cert', title: 'Cert', user_certificate: { progress: 'COMPLETED', completion_date: '2025-12-01' }, requirements: null },
        {
          id_slug: 'cert2',
          title: 'Cert 2',
          user_certificate: null,
          requirements: {
            lessons_percent: 50,
            min_lessons_percent: 100,
            require_mandatory_graded: true,
            missing_mandatory: 1,
            weighted_total: null,
            min_weighted_total: 50,
          },
        },
      ],
    };
    expect(UserCohortViewResponseSchema.parse({ data: view }).data.title).toBe('Cohort');

    const lesson = {
      id_slug: 'l1',
      title: 'Intro',
      description: '',
      order: 0,
      lesson_type: 'PROJECT',
      video_lecture_id_slug: null,
      video_duration_seconds: null,
      reading_pdf_id_slugs: [],
      link_urls: ['https://example.com/spec'],
      video_captions_url: null,
      reading_files: [],
      links: [{ title: 'https://example.com/spec', url: 'https://example.com/spec', is_file: false }],
      quiz_group: null,
      project_group: { id_slug: 'p', total_questions: 1, time_limit_minutes: 120, instructions_files_urls: [] },
      cohort_grade: null,
      user_cohort_grade: null,
      is_completed: false,
    };
    const course = UserCourseViewResponseSchema.parse({
      data: {
        course_part: {
          id_slug: 'c1',
          title: 'Chips',
          description: '',
          modules: [{ id_slug: 'm1', title: 'M', order: 0, completion_percentage: 0, lessons: [lesson] }],
          completed_lessons: [],
          enrolment_status: 'SUSPENDED',
        },
      },
    });
    expect(course.data.course_part.modules[0].lessons[0].project_group?.time_limit_minutes).toBe(120);
    expect(course.data.course_part.enrolment_status).toBe('SUSPENDED');
    const { reading_files: _files, ...withoutFiles } = lesson;
    expect(LessonDetailSchema.safeParse(withoutFiles).success).toBe(false);
  });
});

describe('certificate document', () => {
  it('answers signed view and download URLs, and the Open Badge download', () => {
    const doc = { url: '/api/files/a?x', download_url: '/api/files/a?dl=1', badge_url: '/api/certificates/credentials/c/open-badge.json' };
    expect(CertificateDocumentResponseSchema.parse({ ...doc, completion_date: null }).url).toBe('/api/files/a?x');
    expect(CertificateDocumentResponseSchema.safeParse({ ...doc, badge_url: undefined, completion_date: null }).success).toBe(false);
    expect(CertificateDocumentResponseSchema.safeParse({ url: '/api/files/a' }).success).toBe(false);
  });
});
