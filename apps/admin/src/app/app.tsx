import { AnnouncementsPage } from '../features/announcements/announcements-page';
import { AdminLayout, AppProviders, ErrorView, RequireAuth, StandardLayout, useRouteQuery, useSession } from '@school/ui';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { AdmissionsOverviewPage } from '../features/admissions-overview/admissions-overview-page';
import { AnalyticsPage } from '../features/analytics/analytics-page';
import { AdmissionsPipelineList } from '../features/admissions-pipeline/admissions-pipeline-list';
import { ApplicationPage } from '../features/admissions-pipeline/application-page';
import { RankingPage } from '../features/admissions-ranking/ranking-page';
import { ReviewPage } from '../features/admissions-review/review-page';
import { ReviewQueuePage } from '../features/admissions-review/review-queue-page';
import { RubricPage } from '../features/admissions-rubric/rubric-page';
import { RecordsPage } from '../features/admissions-records/records-page';
import { AdmissionsMailPage } from '../features/admissions-mail/admissions-mail-page';
import { InterviewPage } from '../features/admissions-interviews/interview-page';
import { InterviewsAdminPage } from '../features/admissions-interviews/interviews-admin-page';
import { MyInterviewsPage } from '../features/admissions-interviews/my-interviews-page';
import { ApplicationsPage } from '../features/applications/applications-page';
import { AddCertificatesPage } from '../features/certificates/add-certificates-page';
import { CertificationsPage } from '../features/certificates/certifications-page';
import { AddStudentPage } from '../features/cohorts/add-student-page';
import { CohortPage } from '../features/cohorts/cohort-page';
import { CohortsPage } from '../features/cohorts/cohorts-page';
import { CreateCohortPage } from '../features/cohorts/create-cohort-page';
import { MyTraineesPage } from '../features/coaching/my-trainees-page';
import { TraineePage } from '../features/coaching/trainee-page';
import { CareerPipelinePage } from '../features/coaching/career-pipeline-page';
import { useCoaching } from '../lib/use-coaching';
import { CoursePage } from '../features/courses/course-page';
import { CoursesPage } from '../features/courses/courses-page';
import { CreateCoursePage } from '../features/courses/create-course-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { GradebookPage } from '../features/gradebook/gradebook-page';
import { GradingCohortPage } from '../features/grading/grading-cohort-page';
import { GradingHomePage } from '../features/grading/grading-home-page';
import { GradingItemPage } from '../features/grading/grading-item-page';
import { GradeItemsPage } from '../features/authoring/grade-items-page';
import { ProjectSettingsPage } from '../features/authoring/project-settings-page';
import { FailedJobsPage } from '../features/jobs/failed-jobs-page';
import { MailboxPage } from '../features/mailbox/mailbox-page';
import { InstructorHomePage } from '../features/instructor/instructor-home-page';
import { QuestionBankPage } from '../features/quizzes/question-bank-page';
import { QuizAnalyticsPage } from '../features/quizzes/quiz-analytics-page';
import { QuizEditorPage } from '../features/quizzes/quiz-editor-page';
import { LessonsLibraryPage } from '../features/placeholders/placeholder-pages';
import { SettingsPage } from '../features/settings/settings-page';
import { StudentsPage } from '../features/students/students-page';
import { HostCompaniesPage } from '../features/host-companies/host-companies-page';
import { HostCompanyPage } from '../features/host-companies/host-company-page';
import { NoticeProvider, NoticeRegion } from '../lib/notice';
import { allowancePaths, COURSE_TABS, interviewPaths, paths } from '../lib/paths';
import { ALLOWANCE_ITEM, AUDIT_LOG_ITEM, EXTRA_SIDEBAR_ITEMS, MAILBOX_ITEM, MY_TRAINEES_ITEM, STAFF_ITEM } from './sidebar-items';
import { useFinance } from '../lib/use-finance';
import { StaffPage } from '../features/staff/staff-page';
import { AllowanceProgrammesPage } from '../features/allowance/allowance-programmes-page';
import { AllowanceProgrammePage } from '../features/allowance/allowance-programme-page';
import { AllowanceExceptionsPage } from '../features/allowance/allowance-exceptions-page';
import { InstructorAllowancePage } from '../features/cohorts/instructor-allowance-page';
import { AuditLogPage } from '../features/audit-log/audit-log-page';
import { StudentPage } from '../features/students/student-page';
import './app.css';

function Layout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  // The development mailbox exists only while the API has no SMTP server (it answers 404 otherwise).
  const mailbox = useRouteQuery('adminMailboxList', {}, { staleTime: Infinity, retry: false });
  const { finance } = useFinance();
  const coaching = useCoaching();
  return (
    <AdminLayout
      user={user}
      onLogout={logout}
      sidebarItems={[
        ...EXTRA_SIDEBAR_ITEMS,
        STAFF_ITEM,
        ALLOWANCE_ITEM,
        ...(finance ? [AUDIT_LOG_ITEM] : []),
        ...(mailbox.isSuccess ? [MAILBOX_ITEM] : []),
        ...(coaching ? [MY_TRAINEES_ITEM] : []),
      ]}
    >
      <NoticeRegion className="admin-notices" />
      {children}
    </AdminLayout>
  );
}

/** The instructors' avatar menu: their home, the applications they review, their settings. */
const INSTRUCTOR_MENU_LINKS = [
  { title: 'Home', link: paths.instructor },
  { title: 'Reviews', link: paths.instructorReviews },
  { title: 'Interviews', link: interviewPaths('/instructor').list },
  { title: 'Settings', link: paths.instructorSettings },
];
/** The same, with the trainees of an instructor who coaches. */
const COACH_MENU_LINKS = [
  ...INSTRUCTOR_MENU_LINKS.slice(0, 1),
  { title: 'My trainees', link: paths.instructorTrainees },
  ...INSTRUCTOR_MENU_LINKS.slice(1),
];

/** The instructors' layout: the navbar without the admins' sidebar. */
function InstructorLayout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  const coaching = useCoaching();
  return (
    <StandardLayout
      user={user}
      onLogout={logout}
      menuLinks={coaching ? COACH_MENU_LINKS : INSTRUCTOR_MENU_LINKS}
      mainClassName="admin-instructor-main"
    >
      <NoticeRegion className="admin-notices" />
      {children}
    </StandardLayout>
  );
}

/** The admin console (admins) and the instructors' pages (their cohorts and their settings). */
export function App() {
  return (
    <AppProviders app="admin" origins={origins}>
      <NoticeProvider>
        <Routes>
          <Route
            path="/instructor/*"
            element={
              <RequireAuth roles={['INSTRUCTOR']}>
                <InstructorLayout>
                  <Routes>
                    <Route index element={<InstructorHomePage />} />
                    <Route path="settings" element={<SettingsPage />} />
                    <Route path="announcements" element={<AnnouncementsPage />} />
                    <Route path="trainees" element={<MyTraineesPage />} />
                    <Route path="trainees/:cohortId/:userId" element={<TraineePage />} />
                    <Route path="careers/:cohortId" element={<CareerPipelinePage />} />
                    <Route path="grading/items/:itemId" element={<GradingItemPage />} />
                    <Route path="grading/:cohortId" element={<GradingCohortPage />} />
                    <Route path="gradebook/:cohortId" element={<GradebookPage />} />
                    <Route path="reviews" element={<ReviewQueuePage />} />
                    <Route path="reviews/:id" element={<ReviewPage />} />
                    <Route path="interviews" element={<MyInterviewsPage />} />
                    <Route path="interviews/:id" element={<InterviewPage />} />
                    <Route path="allowance/:cohortId" element={<InstructorAllowancePage />} />
                    <Route
                      path="quizzes/:lessonId"
                      element={
                        <QuizEditorPage
                          homePath={paths.instructor}
                          backTo={() => ({ to: paths.instructor, label: 'My cohorts' })}
                          analyticsPath={paths.instructorQuizAnalytics}
                          bankPath={paths.instructorQuizBank}
                        />
                      }
                    />
                    <Route
                      path="quiz-banks/:bankId"
                      element={<QuestionBankPage homePath={paths.instructor} coursePath={() => paths.instructor} />}
                    />
                    <Route
                      path="quizzes/:lessonId/analytics"
                      element={<QuizAnalyticsPage homePath={paths.instructor} editorPath={paths.instructorQuiz} />}
                    />
                    <Route path="*" element={<ErrorView homePath={paths.instructor} />} />
                  </Routes>
                </InstructorLayout>
              </RequireAuth>
            }
          />
          <Route
            path="*"
            element={
              <RequireAuth roles={['ADMIN']}>
                <Layout>
                  <Routes>
                    <Route path={paths.dashboard} element={<DashboardPage />} />
                    <Route path={paths.courses} element={<CoursesPage />} />
                    <Route path="/admin/courses/:id" element={<CoursePage />} />
                    <Route
                      path="/admin/quizzes/:lessonId"
                      element={
                        <QuizEditorPage
                          homePath={paths.courses}
                          backTo={(q) => ({ to: paths.course(q.course_id_slug, COURSE_TABS.curriculum), label: q.course_title })}
                          analyticsPath={paths.quizAnalytics}
                          bankPath={paths.quizBank}
                        />
                      }
                    />
                    <Route
                      path="/admin/quiz-banks/:bankId"
                      element={<QuestionBankPage homePath={paths.courses} coursePath={(id) => paths.course(id, COURSE_TABS.curriculum)} />}
                    />
                    <Route
                      path="/admin/quizzes/:lessonId/analytics"
                      element={<QuizAnalyticsPage homePath={paths.courses} editorPath={paths.quiz} />}
                    />
                    <Route path={paths.cohorts} element={<CohortsPage />} />
                    <Route path="/admin/cohorts/:id" element={<CohortPage />} />
                    <Route path="/admin/cohorts/:id/add-student" element={<AddStudentPage />} />
                    <Route path="/admin/cohorts/:id/add-certificates" element={<AddCertificatesPage />} />
                    <Route path={paths.students} element={<StudentsPage />} />
                    <Route path="/admin/students/:id" element={<StudentPage />} />
                    <Route path={paths.staff} element={<StaffPage />} />
                    <Route path="/admin/audit-log" element={<AuditLogPage />} />
                    <Route path={paths.myTrainees} element={<MyTraineesPage />} />
                    <Route path="/admin/trainees/:cohortId/:userId" element={<TraineePage />} />
                    <Route path="/admin/careers/:cohortId" element={<CareerPipelinePage />} />
                    <Route path={allowancePaths.programmes} element={<AllowanceProgrammesPage />} />
                    <Route path="/admin/allowance/programmes/:id" element={<AllowanceProgrammePage />} />
                    <Route path={allowancePaths.exceptions} element={<AllowanceExceptionsPage />} />
                    <Route path={paths.createCourse} element={<CreateCoursePage />} />
                    <Route path={paths.createCohort} element={<CreateCohortPage />} />
                    <Route path={paths.lessonsLibrary} element={<LessonsLibraryPage />} />
                    <Route path={paths.analytics} element={<AnalyticsPage />} />
                    <Route path={paths.settings} element={<SettingsPage />} />
                    <Route path={paths.certifications} element={<CertificationsPage />} />
                    <Route path={paths.hostCompanies} element={<HostCompaniesPage />} />
                    <Route path="/admin/host-companies/:id" element={<HostCompanyPage />} />
                    <Route path={paths.applications} element={<ApplicationsPage programmeApplications={AdmissionsPipelineList} />} />
                    <Route path={paths.admissionsOverview} element={<AdmissionsOverviewPage />} />
                    <Route path="/admin/applications/:id" element={<ApplicationPage />} />
                    <Route path={paths.mailbox} element={<MailboxPage />} />
                    <Route path={paths.announcements} element={<AnnouncementsPage />} />
                    <Route path={paths.failedJobs} element={<FailedJobsPage />} />
                    <Route path={paths.grading} element={<GradingHomePage />} />
                    <Route path="/admin/grading/items/:itemId" element={<GradingItemPage />} />
                    <Route path="/admin/grading/:cohortId" element={<GradingCohortPage />} />
                    <Route path="/admin/gradebook/:cohortId" element={<GradebookPage />} />
                    <Route path="/admin/applications/rubric" element={<RubricPage />} />
                    <Route path="/admin/applications/mail" element={<AdmissionsMailPage />} />
                    <Route path="/admin/applications/ranking" element={<RankingPage />} />
                    <Route path="/admin/applications/records" element={<RecordsPage />} />
                    <Route path="/admin/applications/interviews" element={<InterviewsAdminPage />} />
                    <Route path="/admin/interviews" element={<MyInterviewsPage />} />
                    <Route path="/admin/interviews/:id" element={<InterviewPage />} />
                    <Route path={paths.reviews} element={<ReviewQueuePage />} />
                    <Route path="/admin/reviews/:id" element={<ReviewPage />} />
                    <Route path="/admin/courses/:courseId/lessons/:lessonId/project" element={<ProjectSettingsPage />} />
                    <Route path="/admin/cohorts/:id/grade-items" element={<GradeItemsPage />} />
                    <Route path="*" element={<ErrorView homePath={paths.courses} />} />
                  </Routes>
                </Layout>
              </RequireAuth>
            }
          />
        </Routes>
      </NoticeProvider>
    </AppProviders>
  );
}
