import type { QueryKey } from '@tanstack/react-query';
import { type Invalidates, type MutationRouteName, routeKey } from '@school/ui';

/*
 * What each change of the console makes stale: every read that shows the data it changes, and no
 * other. What the reads show (contracts' admin schemas):
 * - adminCohortList: a cohort's title, dates, status, student counts, courses_count;
 *   adminActiveCohorts: title, dates, status; instructorCohorts: title, dates, status, counts, courses.
 * - adminCohortDetail: the cohort, its courses (titles, module and lesson counts), the first page of
 *   its students (enrolment, account suspension), its certificates; adminCohortStudents and
 *   adminCohortQueue: its students and its queue of unknown emails; adminCohortInvitations: the
 *   queue's invitations and their states; adminCohortInstructors and adminCohortInstructorCandidates:
 *   the staff teaching it and those who may.
 * - adminCourseList: a course's title, description, module/lesson counts, cohorts_count;
 *   adminCourseDetail: the course, its curriculum, its cohorts (title, dates, status, students) and
 *   the engagement of their students.
 * - adminStudentList: students with their enrolment (cohort title and status) and account suspension.
 * - adminCertificateList: certificates with the cohorts awarding them (titles) and issued counts; adminCertificateRules: a cohort's certificates
 *   and their completion rules; adminIssuedCertificates: a cohort's issued and revoked credentials.
 * - adminDashboard: the school's figures (running cohorts, active students, hand-ins waiting for
 *   grading, applications waiting, failed jobs); read afresh on each visit, a job's retry refreshes it.
 */

const cohortLists = (): QueryKey[] => [routeKey('adminCohortList'), routeKey('adminActiveCohorts'), routeKey('instructorCohorts')];

/** A student joined, left or changed status in a cohort: its students, counts and every list of students. */
const cohortEnrolment = (cohortId: string): QueryKey[] => [
  routeKey('adminCohortDetail', { params: { cohortId } }),
  routeKey('adminCohortStudents', { params: { cohortId } }),
  routeKey('adminCohortList'),
  routeKey('instructorCohorts'),
  routeKey('adminStudentList'),
  // Each course of the cohort lists its cohorts' student counts and its students' engagement.
  routeKey('adminCourseDetail'),
];

/** A course was linked to or unlinked from a cohort: both sides and their counts. */
const cohortCourseLink = (cohortId: string, courseId: string): QueryKey[] => [
  routeKey('adminCohortDetail', { params: { cohortId } }),
  routeKey('adminCourseDetail', { params: { courseId } }),
  routeKey('adminCohortList'),
  routeKey('adminCourseList'),
  routeKey('instructorCohorts'),
];

/** A course's title or curriculum changed: the course, the lists, and the cohorts showing it. */
const courseChange = (courseId: string): QueryKey[] => [
  routeKey('adminCourseDetail', { params: { courseId } }),
  routeKey('adminCourseList'),
  routeKey('adminCohortDetail'),
  routeKey('instructorCohorts'),
];

/** A cohort's coaches or whom they follow changed: its coaches, its candidates, and every coach's trainee list. */
const cohortCoaches = (cohortId: string): QueryKey[] => [
  routeKey('adminCohortCoaches', { params: { cohortId } }),
  routeKey('adminCohortCoachCandidates', { params: { cohortId } }),
  routeKey('coachMyTrainees'),
];

const cohortInstructors = (cohortId: string): QueryKey[] => [
  routeKey('adminCohortInstructors', { params: { cohortId } }),
  routeKey('adminCohortInstructorCandidates', { params: { cohortId } }),
  routeKey('instructorCohorts'),
];

/**
 * A cohort's dates moved (its start, phases, holidays, a rule, one student's longer phase): its
 * timeline, its start and end, its sessions, its grade items' dates and everything dated by them
 * (grading, the gradebook's late marks, extensions).
 */
const breakMoved = (): QueryKey[] => [
  routeKey('staffTraineePlacement'),
  routeKey('adminCohortPlacements'),
  routeKey('adminHostCompanies'),
  routeKey('adminHostCompany'),
  ...cohortDates(),
];

const cohortDates = (cohortId?: string): QueryKey[] => {
  const params = cohortId ? { params: { cohortId } } : undefined;
  return [
    routeKey('adminCohortTimeline', params),
    routeKey('adminCohortDetail', params),
    routeKey('adminCohortSessions', params),
    routeKey('adminCohortGradeLessons', params),
    routeKey('gradingItems', params),
    routeKey('gradebook', params),
    routeKey('gradingQueue'),
    routeKey('gradeExtensions'),
    ...cohortLists(),
  ];
};

const table = {
  adminCohortCreate: (vars) => [
    ...cohortLists(),
    routeKey('adminCourseList'),
    ...vars.body.course_ids.map((id) => routeKey('adminCourseDetail', { params: { courseId: id } })),
  ],
  adminCohortUpdate: (vars) => [
    routeKey('adminCohortDetail', { params: vars.params }),
    ...cohortLists(),
    // Its title and dates show in its courses' cohorts tabs and in the students' enrolments.
    routeKey('adminCourseDetail'),
    routeKey('adminStudentList'),
    // Its title shows beside each certificate it awards.
    routeKey('adminCertificateList'),
  ],
  // Not the deleted cohort's own reads: its page is leaving, and refetching them would only 404.
  adminCohortDelete: () => [
    ...cohortLists(),
    routeKey('adminCourseList'),
    routeKey('adminCourseDetail'),
    routeKey('adminStudentList'),
    routeKey('adminCertificateList'),
  ],
  adminAddStudent: (vars) => [
    ...cohortEnrolment(vars.params.cohortId),
    routeKey('adminCohortQueue', { params: vars.params }),
    routeKey('adminCohortInvitations', { params: vars.params }),
  ],
  adminRemoveStudent: (vars) => cohortEnrolment(vars.params.cohortId),
  adminUpdateStudents: (vars) => cohortEnrolment(vars.params.cohortId),
  adminCompleteStudent: (vars) => cohortEnrolment(vars.params.cohortId),
  adminAddStudentBulk: (vars) => [
    ...cohortEnrolment(vars.params.cohortId),
    routeKey('adminCohortQueue', { params: vars.params }),
    routeKey('adminCohortInvitations', { params: vars.params }),
  ],
  // A new send resets the invitation's state; a withdrawal empties its place in the queue.
  adminResendInvitation: (vars) => [routeKey('adminCohortInvitations', { params: vars.params })],
  adminResendAllInvitations: (vars) => [routeKey('adminCohortInvitations', { params: vars.params })],
  adminWithdrawQueued: (vars) => [
    routeKey('adminCohortInvitations', { params: vars.params }),
    routeKey('adminCohortQueue', { params: vars.params }),
  ],
  // The account, not an enrolment: every list showing the student.
  adminUpdateUserStatus: () => [routeKey('adminStudentList'), routeKey('adminCohortStudents'), routeKey('adminCohortDetail')],
  // The allowance: programmes (their rules and cohorts), a cohort's months, the exceptions and disputes queues.
  adminCreateAllowanceProgramme: () => [routeKey('adminAllowanceProgrammes')],
  adminAddRuleVersion: (vars) => [
    routeKey('adminAllowanceProgrammes'),
    routeKey('adminAllowanceProgramme', { params: vars.params }),
    routeKey('adminCohortAllowanceMonth'),
  ],
  adminSetCohortProgramme: (vars) => [
    routeKey('adminAllowanceProgrammes'),
    routeKey('adminAllowanceProgramme'),
    routeKey('adminCohortAllowanceMonth', { params: { cohortId: vars.params.cohortId } }),
  ],
  adminRunAllowanceMonth: (vars) => [
    routeKey('adminCohortAllowanceMonth', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminAllowanceProgrammes'),
    routeKey('adminAllowanceProgramme'),
  ],
  adminProposeOverride: () => [routeKey('adminAllowanceOverrides'), routeKey('adminAllowanceDisputes')],
  adminDecideOverride: () => [
    routeKey('adminAllowanceOverrides'),
    routeKey('adminAllowanceDisputes'),
    routeKey('adminCohortAllowanceMonth'),
  ],
  adminSetFinance: () => [routeKey('adminStaffList'), routeKey('check'), routeKey('adminAuditLog')],
  adminSaveStudentPaymentDetails: () => [routeKey('adminAuditLog')],
  adminUpdateUserRole: () => [routeKey('adminStudentList'), routeKey('adminCohortStudents'), routeKey('adminCohortDetail')],
  adminDeleteUser: () => [routeKey('adminStudentList'), routeKey('adminCohortStudents'), routeKey('adminCohortDetail')],
  adminCohortAddCourse: (vars) => cohortCourseLink(vars.params.cohortId, vars.body.course_id_slug),
  adminCohortRemoveCourse: (vars) => cohortCourseLink(vars.params.cohortId, vars.params.courseId),
  adminCohortReorderCourses: (vars) => [
    routeKey('adminCohortDetail', { params: { cohortId: vars.params.cohortId } }),
    routeKey('instructorCohorts'),
  ],
  adminCourseCreate: () => [routeKey('adminCourseList')],
  adminCourseUpdate: (vars) => courseChange(vars.params.courseId),
  // Only a course no cohort uses can go: the course lists, not its own page (leaving, it would only 404).
  adminCourseDelete: () => [routeKey('adminCourseList')],
  adminModulesUpdate: (vars) => courseChange(vars.params.courseId),
  // The course itself is updated in place (see curriculum-tab): a refetch would replace the editor's draft.
  adminAddModule: () => [routeKey('adminCourseList'), routeKey('adminCohortDetail'), routeKey('instructorCohorts')],
  // Who teaches the cohort: its instructors, whom else it may take, and the instructors' homes.
  adminCohortAssignInstructor: (vars) => cohortInstructors(vars.params.cohortId),
  adminCohortRemoveInstructor: (vars) => cohortInstructors(vars.params.cohortId),
  adminCohortAssignCoach: (vars) => cohortCoaches(vars.params.cohortId),
  adminCohortCoachTrainees: (vars) => cohortCoaches(vars.params.cohortId),
  adminCohortRemoveCoach: (vars) => cohortCoaches(vars.params.cohortId),
  // adminCohortSessions: the cohort's live sessions, read by that tab alone.
  adminCreateSession: (vars) => [routeKey('adminCohortSessions', { params: { cohortId: vars.params.cohortId } })],
  adminUpdateSession: (vars) => [routeKey('adminCohortSessions', { params: { cohortId: vars.params.cohortId } })],
  adminCancelSession: (vars) => [routeKey('adminCohortSessions', { params: { cohortId: vars.params.cohortId } })],
  // adminSessionRegister: the session's marks.
  // In a closed month a mark is held as a correction: the cohort's pending corrections.
  adminMarkAttendance: (vars) => [
    routeKey('adminSessionRegister', { params: vars.params }),
    routeKey('adminAttendanceCorrections', { params: { cohortId: vars.params.cohortId } }),
  ],
  // adminAttendanceRegisters: the cohort's monthly registers and closed months.
  adminRequestAttendanceRegister: (vars) => [routeKey('adminAttendanceRegisters', { params: vars.params })],
  // Closing a month changes what every register of its sessions says about a change.
  adminCloseAttendanceMonth: (vars) => [
    routeKey('adminAttendanceRegisters', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminSessionRegister'),
  ],
  // A decided correction leaves the pending list; an approved one changes a session's register.
  adminApproveAttendanceCorrection: (vars) => [
    routeKey('adminAttendanceCorrections', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminSessionRegister'),
  ],
  adminRefuseAttendanceCorrection: (vars) => [routeKey('adminAttendanceCorrections', { params: { cohortId: vars.params.cohortId } })],
  // An import in a closed month is held as corrections too.
  adminConfirmAttendanceImport: (vars) => [
    routeKey('adminSessionRegister', { params: vars.params }),
    routeKey('adminAttendanceCorrections', { params: { cohortId: vars.params.cohortId } }),
  ],
  adminCertificateCreate: () => [routeKey('adminCertificateList')],
  // A retried job leaves the failed list (and may fail again into it).
  adminRetryJob: () => [routeKey('adminFailedJobs'), routeKey('adminDashboard')],
  adminAddCertificate: (vars) => [
    routeKey('adminCohortDetail', { params: vars.params }),
    routeKey('adminCertificateList'),
    routeKey('adminCertificateRules', { params: vars.params }),
  ],
  // New rules issue to the students who now meet them: the issued counts of the certificates list.
  adminUpdateCertificateRules: (vars) => [
    routeKey('adminCertificateRules', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminIssuedCertificates', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminCertificateList'),
  ],
  // A new credential, or a revoked one: the cohort's list of issued certificates and the issued counts.
  adminIssueCertificate: (vars) => [
    routeKey('adminIssuedCertificates', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminCertificateList'),
  ],
  adminRevokeCertificate: () => [routeKey('adminIssuedCertificates'), routeKey('adminCertificateList')],
  // An extension changes the item's list of them, and its students' dates, statuses and late marks
  // (the gradebook, the grading queue and the cohort's late counts).
  grantGradeExtension: (vars) => [
    routeKey('gradeExtensions', { params: { gradeItemId: vars.params.gradeItemId } }),
    routeKey('gradingQueue', { params: { gradeItemId: vars.params.gradeItemId } }),
    routeKey('gradingItems'),
    routeKey('gradebook'),
  ],
  removeGradeExtension: () => [routeKey('gradeExtensions'), routeKey('gradingQueue'), routeKey('gradingItems'), routeKey('gradebook')],
  // A preview saves nothing.
  adminPreviewTimeline: () => [],
  adminPreviewTimelineShift: () => [],
  adminSaveTimeline: (vars) => cohortDates(vars.params.cohortId),
  adminSaveTimelineShift: (vars) => cohortDates(vars.params.cohortId),
  // A closure moves the dates counted in school days in every cohort.
  adminAddSchoolClosure: () => [routeKey('adminSchoolClosures'), ...cohortDates()],
  adminDeleteSchoolClosure: () => [routeKey('adminSchoolClosures'), ...cohortDates()],
  // A lesson's date template dates it again in every cohort linking its course (its own read is updated in place).
  adminLessonDateTemplate: () => cohortDates(),
  // Host companies: the list and the company; their names show on the cohorts' placements.
  adminCreateHostCompany: () => [routeKey('adminHostCompanies')],
  adminUpdateHostCompany: (vars) => [
    routeKey('adminHostCompanies'),
    routeKey('adminHostCompany', { params: { hostCompanyId: vars.params.hostCompanyId } }),
    routeKey('adminCohortPlacements'),
  ],
  adminCreatePlacement: (vars) => [
    routeKey('adminCohortPlacements', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminHostCompanies'),
  ],
  adminUpdatePlacement: (vars) => [
    routeKey('adminCohortPlacements', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminHostCompanies'),
  ],
  adminPreviewPlacementCsv: () => [],
  adminRequestCohortEvidencePack: (vars) => [routeKey('adminCohortEvidencePacks', { params: vars.params })],
  adminImportPlacementCsv: (vars) => [
    routeKey('adminCohortPlacements', { params: { cohortId: vars.params.cohortId } }),
    routeKey('adminHostCompanies'),
  ],
  // A supervisor's link re-sent or revoked: the unsigned weeks show whether a link still works.
  staffResendWeekLink: () => [routeKey('coachUnsignedWeeks'), routeKey('adminCohortUnsignedWeeks')],
  staffRevokeWeekLink: () => [routeKey('coachUnsignedWeeks'), routeKey('adminCohortUnsignedWeeks')],
  // A break moves the trainee's dates (the timeline's longer phase, their extensions) and the hours
  // due on their placement and their host company's figures; the mutation names the placement only.
  staffRecordBreak: () => breakMoved(),
  staffCorrectBreak: () => breakMoved(),
  // The offer shows on the trainee's career section and in their cohort's pipeline.
  staffRecordConversionOffer: () => [routeKey('staffTraineeCareer'), routeKey('staffCareerPipeline')],
} satisfies { [N in MutationRouteName]?: Invalidates<N> };

export const invalidations: { [N in keyof typeof table]: Invalidates<N> } = table;
