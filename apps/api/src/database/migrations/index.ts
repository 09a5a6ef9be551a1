import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { FormsAndApplications1764000000300 } from './1764000000300-forms-and-applications';
import { LearningProgress1764000000400 } from './1764000000400-learning-progress';
import { AdminLists1764000000500 } from './1764000000500-admin-lists';
import { LessonCaptions1764000000600 } from './1764000000600-lesson-captions';
import { CurriculumVersion1764000000700 } from './1764000000700-curriculum-version';
import { ProgressCoveringIndexes1764000000800 } from './1764000000800-progress-covering-indexes';
import { RateLimits1764000000900 } from './1764000000900-rate-limits';
import { CohortStatusIndex1764000001000 } from './1764000001000-cohort-status-index';
import { UploadSweepIndexes1764000001100 } from './1764000001100-upload-sweep-indexes';
import { AccountTokenVersion1764000001300 } from './1764000001300-account-token-version';
import { DerivedCompletion1764000001400 } from './1764000001400-derived-completion';
import { OneApplicationPerIntake1764000001500 } from './1764000001500-one-application-per-intake';
import { StoredFileBackend1764000001600 } from './1764000001600-stored-file-backend';
import { Mail1764000001700 } from './1764000001700-mail';
import { PasswordReset1764000001800 } from './1764000001800-password-reset';
import { Invitations1764000001900 } from './1764000001900-invitations';
import { EmailChange1764000002000 } from './1764000002000-email-change';
import { Notifications1764000002050 } from './1764000002050-notifications';
import { LessonMedia1764000002100 } from './1764000002100-lesson-media';
import { Quizzes1764000002200 } from './1764000002200-quizzes';
import { ProjectSubmissions1764000002300 } from './1764000002300-project-submissions';
import { CertificateIssuing1764000002600 } from './1764000002600-certificate-issuing';
import { AdmissionStates1764000002700 } from './1764000002700-admission-states';
import { QuizSummaries1764000002800 } from './1764000002800-quiz-summaries';
import { WithdrawnCredentials1764000002850 } from './1764000002850-withdrawn-credentials';
import { Admissions1764000002900 } from './1764000002900-admissions';
import { SubmittedLessonsCompleted1764000003000 } from './1764000003000-submitted-lessons-completed';
import { FreeTextComments1764000003100 } from './1764000003100-free-text-comments';
import { GradeOverrides1764000003110 } from './1764000003110-grade-overrides';
import { RubricTemplates1764000003120 } from './1764000003120-rubric-templates';
import { QuestionBanks1764000003200 } from './1764000003200-question-banks';
import { DeadlineExtensions1764000003300 } from './1764000003300-deadline-extensions';
import { LessonUploadClaims1764000003400 } from './1764000003400-lesson-upload-claims';
import { VerifiedEmails1764000003500 } from './1764000003500-verified-emails';
import { RandomStatusIndexes1764000003510 } from './1764000003510-random-status-indexes';
import { FinalReviewScores1764000003600 } from './1764000003600-final-review-scores';
import { MailDeliveryClaims1764000003700 } from './1764000003700-mail-delivery-claims';
import { OverridePenalisedGrade1764000003800 } from './1764000003800-override-penalised-grade';
import { DefaultGradeItems1764000003900 } from './1764000003900-default-grade-items';
import { DashboardFigures1764000004200 } from './1764000004200-dashboard-figures';
import { StudentListSorts1764000004300 } from './1764000004300-student-list-sorts';
import { OneSchoolName1764000004310 } from './1764000004310-one-school-name';
import { ScreeningChecks1764000004500 } from './1764000004500-screening-checks';
import { CohortIntakeSeats1764000004600 } from './1764000004600-cohort-intake-seats';
import { Interviews1764000004800 } from './1764000004800-interviews';
import { AdmissionMailTemplates1764000004900 } from './1764000004900-admission-mail-templates';
import { AssignmentDeclarations1764000004910 } from './1764000004910-assignment-declarations';
import { DataRetention1764000005000 } from './1764000005000-data-retention';
import { StudentCertificateProgress1764000005300 } from './1764000005300-student-certificate-progress';
import { LiveSessions1764000005600 } from './1764000005600-live-sessions';
import { AttendanceEntries1764000005610 } from './1764000005610-attendance-entries';
import { CalendarFeeds1764000005900 } from './1764000005900-calendar-feeds';
import { SessionCheckIn1764000005910 } from './1764000005910-session-check-in';
import { SessionAttendanceThreshold1764000005920 } from './1764000005920-session-attendance-threshold';
import { AttendanceRegisters1764000005930 } from './1764000005930-attendance-registers';
import { AttendanceMonthClosures1764000005940 } from './1764000005940-attendance-month-closures';
import { DefaultItemsFollowCohortResults1764000005950 } from './1764000005950-default-items-follow-cohort-results';
import { Timeline1764000005960 } from './1764000005960-timeline';
import { ExtensionsMoveInPlace1764000005970 } from './1764000005970-extensions-move-in-place';
import { Allowance1764000005980 } from './1764000005980-allowance';
import { FinanceAuditPaymentDetails1764000006100 } from './1764000006100-finance-audit-payment-details';
import { CohortCoaches1764000006200 } from './1764000006200-cohort-coaches';
import { HostCompaniesAndPlacements1764000006300 } from './1764000006300-host-companies-and-placements';
import { Logbooks1764000006310 } from './1764000006310-logbooks';
import { SupervisorLinks1764000006400 } from './1764000006400-supervisor-links';
import { OjtReviews1764000006410 } from './1764000006410-ojt-reviews';
import { PlacementBreaks1764000006420 } from './1764000006420-placement-breaks';
import { EvidencePacks1764000006430 } from './1764000006430-evidence-packs';
import { LogbookFiles1764000006440 } from './1764000006440-logbook-files';
import { Careers1764000006500 } from './1764000006500-careers';
import { Announcements1764000006600 } from './1764000006600-announcements';
/** Every migration, oldest first. Add a new one at the end. */
export const migrations = [
  InitialSchema1763700000000,
  FormsAndApplications1764000000300,
  LearningProgress1764000000400,
  AdminLists1764000000500,
  LessonCaptions1764000000600,
  CurriculumVersion1764000000700,
  ProgressCoveringIndexes1764000000800,
  RateLimits1764000000900,
  CohortStatusIndex1764000001000,
  UploadSweepIndexes1764000001100,
  AccountTokenVersion1764000001300,
  DerivedCompletion1764000001400,
  OneApplicationPerIntake1764000001500,
  StoredFileBackend1764000001600,
  Mail1764000001700,
  PasswordReset1764000001800,
  Invitations1764000001900,
  EmailChange1764000002000,
  Notifications1764000002050,
  LessonMedia1764000002100,
  Quizzes1764000002200,
  ProjectSubmissions1764000002300,
  CertificateIssuing1764000002600,
  AdmissionStates1764000002700,
  QuizSummaries1764000002800,
  WithdrawnCredentials1764000002850,
  Admissions1764000002900,
  SubmittedLessonsCompleted1764000003000,
  FreeTextComments1764000003100,
  GradeOverrides1764000003110,
  RubricTemplates1764000003120,
  QuestionBanks1764000003200,
  DeadlineExtensions1764000003300,
  LessonUploadClaims1764000003400,
  VerifiedEmails1764000003500,
  RandomStatusIndexes1764000003510,
  FinalReviewScores1764000003600,
  MailDeliveryClaims1764000003700,
  OverridePenalisedGrade1764000003800,
  DefaultGradeItems1764000003900,
  DashboardFigures1764000004200,
  StudentListSorts1764000004300,
  OneSchoolName1764000004310,
  ScreeningChecks1764000004500,
  CohortIntakeSeats1764000004600,
  Interviews1764000004800,
  AdmissionMailTemplates1764000004900,
  AssignmentDeclarations1764000004910,
  DataRetention1764000005000,
  StudentCertificateProgress1764000005300,
  LiveSessions1764000005600,
  AttendanceEntries1764000005610,
  CalendarFeeds1764000005900,
  SessionCheckIn1764000005910,
  SessionAttendanceThreshold1764000005920,
  AttendanceRegisters1764000005930,
  AttendanceMonthClosures1764000005940,
  DefaultItemsFollowCohortResults1764000005950,
  Timeline1764000005960,
  ExtensionsMoveInPlace1764000005970,
  Allowance1764000005980,
  FinanceAuditPaymentDetails1764000006100,
  CohortCoaches1764000006200,
  HostCompaniesAndPlacements1764000006300,
  Logbooks1764000006310,
  SupervisorLinks1764000006400,
  OjtReviews1764000006410,
  PlacementBreaks1764000006420,
  EvidencePacks1764000006430,
  LogbookFiles1764000006440,
  Careers1764000006500,
  Announcements1764000006600,
];
