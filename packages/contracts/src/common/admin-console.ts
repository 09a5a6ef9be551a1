/** Page sizes of the admin lists (learning spec, section 9). */
export const PAGE_SIZES = {
  courses: 7,
  cohorts: 8,
  students: 10,
  cohortStudents: 20,
  cohortQueue: 20,
  cohortCourseSearch: 20,
  addStudent: 20,
  certificates: 10,
  applications: 10,
} as const;

export const DEFAULT_SORTS = {
  courses: 'title',
  cohorts: '-created_date',
  students: '-created_date',
  certificates: '-created_date',
  applications: '-created_date',
} as const;

/**
 * User-visible strings of the admin console (learning spec, sections 5, 6 and 8). The spec's bare
 * 'Success' and 'Successful' alerts are not here: each notice says what succeeded ('Cohort created.').
 */
export const ADMIN_MESSAGES = {
  courseTitleRequired: 'Course title is required',
  lessonTitleRequired: 'Lesson title is required',
  moduleTitleRequired: 'Module title is required',
  cohortTitleRequired: 'Cohort title is required',
  certificateTitleRequired: 'Certificate title is required',
  linkCourseRequired: 'Please link this cohort to a course!',
  courseAlreadyAdded: 'Course already added!',
  cohortAlreadyLinked: 'This cohort is already linked to the course!',
  uploadVideo: 'Please upload a video!',
  uploadReadings: 'Please upload reading files!',
  genericFailure: 'Uh oh... something went wrong. Please try again later.',
  fileUploadFailure: 'Something went wrong with the file upload... Please try again.',
  fileFailure: 'Something went wrong with the file... Please try again.',
  noStudentsUploaded: 'There are no students uploaded! Please try again...',
  noCohortId: 'Please try again later...',
  studentAdded: 'Success! Student is added to the cohort!',
  courseCreated: 'Successful! Course created!',
  unlinkWarning: 'You already have students enrolled in this cohort. Unlinking a course might interfere with the grading and student data.',
  deleteCohortConfirm:
    'Are you sure you want to delete this cohort? This action is permanent. This will remove all student enrolments and their grades as well.',
  notFound: "404. That's an error... This content is not available right now.",
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endAccessDateRequired: 'End of access date is required',
  endDateAfterStart: 'End date must be after the start date',
  endAccessAfterEnd: 'End of access date must not be before the end date',
  invalidDate: 'Invalid date',
} as const;
