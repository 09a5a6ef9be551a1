/** The admin console's routes (learning spec, section 2). */
export const paths = {
  dashboard: '/admin',
  courses: '/admin/courses',
  course: (id: string, tab?: number) => `/admin/courses/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`,
  cohorts: '/admin/cohorts',
  cohort: (id: string, tab?: number) => `/admin/cohorts/${encodeURIComponent(id)}${tab ? `?tab=${tab}` : ''}`,
  addStudent: (id: string, title?: string) =>
    `/admin/cohorts/${encodeURIComponent(id)}/add-student${title ? `?title=${encodeURIComponent(title)}` : ''}`,
  addCertificates: (id: string) => `/admin/cohorts/${encodeURIComponent(id)}/add-certificates`,
  students: '/admin/students',
  student: (id: string) => `/admin/students/${encodeURIComponent(id)}`,
  staff: '/admin/staff',
  auditLog: (filter: { action?: string; subject_type?: string; student?: string; subject_name?: string } = {}) => {
    const q = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => !!e[1])).toString();
    return `/admin/audit-log${q ? `?${q}` : ''}`;
  },
  lessonsLibrary: '/admin/lessons-library',
  analytics: '/admin/analytics',
  settings: '/admin/settings',
  certifications: '/admin/certifications',
  hostCompanies: '/admin/host-companies',
  hostCompany: (id: string) => `/admin/host-companies/${encodeURIComponent(id)}`,
  newHostCompany: '/admin/host-companies/new',
  applications: '/admin/applications',
  admissionsOverview: '/admin/applications/overview',
  application: (id: string) => `/admin/applications/${encodeURIComponent(id)}`,
  mailbox: '/admin/mailbox',
  announcements: '/admin/announcements',
  instructorAnnouncements: '/instructor/announcements',
  failedJobs: '/admin/jobs/failed',
  createCourse: '/admin/create/course',
  createCohort: '/admin/create/cohort',
  quiz: (lessonId: string) => `/admin/quizzes/${encodeURIComponent(lessonId)}`,
  quizBank: (bankId: string) => `/admin/quiz-banks/${encodeURIComponent(bankId)}`,
  quizAnalytics: (lessonId: string) => `/admin/quizzes/${encodeURIComponent(lessonId)}/analytics`,
  instructor: '/instructor',
  instructorQuiz: (lessonId: string) => `/instructor/quizzes/${encodeURIComponent(lessonId)}`,
  instructorQuizBank: (bankId: string) => `/instructor/quiz-banks/${encodeURIComponent(bankId)}`,
  instructorQuizAnalytics: (lessonId: string) => `/instructor/quizzes/${encodeURIComponent(lessonId)}/analytics`,
  instructorSettings: '/instructor/settings',
  myTrainees: '/admin/trainees',
  instructorTrainees: '/instructor/trainees',
  grading: '/admin/grading',
  admissionsRubric: (intake?: string) => `/admin/applications/rubric${intake ? `?intake=${encodeURIComponent(intake)}` : ''}`,
  admissionsMail: (intake?: string) => `/admin/applications/mail${intake ? `?intake=${encodeURIComponent(intake)}` : ''}`,
  admissionsRanking: (intake?: string) => `/admin/applications/ranking${intake ? `?intake=${encodeURIComponent(intake)}` : ''}`,
  admissionsRecords: (intake?: string) => `/admin/applications/records${intake ? `?intake=${encodeURIComponent(intake)}` : ''}`,
  reviews: '/admin/reviews',
  instructorReviews: '/instructor/reviews',
  admissionsInterviews: (intake?: string) => `/admin/applications/interviews${intake ? `?intake=${encodeURIComponent(intake)}` : ''}`,
  projectSettings: (courseId: string, lessonId: string) =>
    `/admin/courses/${encodeURIComponent(courseId)}/lessons/${encodeURIComponent(lessonId)}/project`,
  gradeItems: (cohortId: string) => `/admin/cohorts/${encodeURIComponent(cohortId)}/grade-items`,
} as const;

/**
 * The grading area and the gradebook, under the admins' console (`/admin`) or the instructors'
 * pages (`/instructor`): the same screens, each role in its own layout.
 */
export function gradingPaths(root: '/admin' | '/instructor') {
  return {
    cohort: (cohortId: string) => `${root}/grading/${encodeURIComponent(cohortId)}`,
    item: (itemId: string, submissionId?: string) =>
      `${root}/grading/items/${encodeURIComponent(itemId)}${submissionId ? `?submission=${encodeURIComponent(submissionId)}` : ''}`,
    gradebook: (cohortId: string) => `${root}/gradebook/${encodeURIComponent(cohortId)}`,
    home: root === '/admin' ? paths.grading : paths.instructor,
  };
}

/** Which area a grading screen sits in, from its path. */
export const gradingRoot = (pathname: string): '/admin' | '/instructor' => (pathname.startsWith('/instructor') ? '/instructor' : '/admin');

/** A reviewer's queue and scoring pages, in the admins' console or the instructors' pages (root from `gradingRoot`). */
export function reviewPaths(root: '/admin' | '/instructor') {
  return {
    queue: root === '/admin' ? paths.reviews : paths.instructorReviews,
    review: (applicationId: string) => `${root}/reviews/${encodeURIComponent(applicationId)}`,
  };
}

/** An interviewer's panels and an interview's page, in the admins' console or the instructors' pages (root from `gradingRoot`). */
export function interviewPaths(root: '/admin' | '/instructor') {
  return {
    list: `${root}/interviews`,
    interview: (applicationId: string) => `${root}/interviews/${encodeURIComponent(applicationId)}`,
  };
}

/** A coach's trainees and a trainee's page, in the admins' console or the instructors' pages (root from `gradingRoot`). */
export function coachPaths(root: '/admin' | '/instructor') {
  return {
    list: root === '/admin' ? paths.myTrainees : paths.instructorTrainees,
    trainee: (cohortId: string, userId: string) => `${root}/trainees/${encodeURIComponent(cohortId)}/${encodeURIComponent(userId)}`,
    careerPipeline: (cohortId: string) => `${root}/careers/${encodeURIComponent(cohortId)}`,
  };
}

/** Tab indexes of the course and cohort pages (`?tab=`). */
export const COURSE_TABS = { details: 0, curriculum: 1, cohorts: 2, engagement: 3 } as const;
export const COHORT_TABS = {
  details: 0,
  courses: 1,
  students: 2,
  certifications: 3,
  invitations: 4,
  coaches: 8,
  placements: 9,
  allowance: 10,
} as const;

/** The monthly allowance: programmes and their rules, the exceptions queue, and a cohort's months for its instructors. */
export const allowancePaths = {
  programmes: '/admin/allowance',
  programme: (id: string) => `/admin/allowance/programmes/${encodeURIComponent(id)}`,
  exceptions: '/admin/allowance/exceptions',
  instructorCohort: (cohortId: string) => `/instructor/allowance/${encodeURIComponent(cohortId)}`,
} as const;
