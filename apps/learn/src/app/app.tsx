import { AppProviders, ErrorView, RequireAuth, StandardLayout, useSession } from '@school/ui';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { AllowancePage } from '../features/allowance/allowance-page';
import { CareerPage } from '../features/career/career-page';
import { CohortPage } from '../features/cohort/cohort-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ProjectPage } from '../features/lesson/assessment-pages';
import { LessonPage } from '../features/lesson/lesson-page';
import { QuizPage } from '../features/lesson/quiz-page';
import { HelpPage, MyLearningPage } from '../features/placeholders/placeholder-pages';
import { SettingsPage } from '../features/settings/settings-page';
import { LogbookPage } from '../features/logbook/logbook-page';
import { LogbookWeekPage } from '../features/logbook/week-page';
import { ReviewPage } from '../features/logbook/review-page';
import './app.css';

function Layout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout} mainClassName="learn-main">
      {children}
    </StandardLayout>
  );
}

const LESSON = '/class/:cohortId/course/:courseId/lesson/:lessonId';

/** The learner portal: a signed-in student's classes, lessons, grades, certificates and settings. */
export function App() {
  return (
    <AppProviders app="learn" origins={origins}>
      <Layout>
        <RequireAuth roles={['STUDENT']}>
          <Routes>
            <Route path="/student" element={<DashboardPage />} />
            <Route path="/student/settings" element={<SettingsPage />} />
            <Route path="/student/my-learning" element={<MyLearningPage />} />
            <Route path="/student/help" element={<HelpPage />} />
            <Route path="/student/allowance" element={<AllowancePage />} />
            <Route path="/student/career" element={<CareerPage />} />
            <Route path="/student/placements/:placementId/logbook" element={<LogbookPage />} />
            <Route path="/student/placements/:placementId/logbook/:week" element={<LogbookWeekPage />} />
            <Route path="/student/placements/:placementId/reviews/:week" element={<ReviewPage />} />
            <Route path="/class/:id" element={<CohortPage />} />
            <Route path={LESSON} element={<LessonPage />} />
            <Route path={`${LESSON}/project/:sessionId`} element={<ProjectPage />} />
            <Route path={`${LESSON}/quiz/:sessionId`} element={<QuizPage />} />
            <Route path="*" element={<ErrorView homePath="/student" />} />
          </Routes>
        </RequireAuth>
      </Layout>
    </AppProviders>
  );
}
