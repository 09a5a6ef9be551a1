import { AppProviders, ErrorView, RequireAuth, StandardLayout, useSession } from '@school/ui';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { DashboardPage } from '../features/dashboard/dashboard-page';

function Layout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout}>
      {children}
    </StandardLayout>
  );
}

/** The learner portal: a signed-in student's classes, lessons, grades, certificates and settings. */
export function App() {
  return (
    <AppProviders app="learn" origins={origins}>
      <Layout>
        <RequireAuth roles={['STUDENT']}>
          <Routes>
            <Route path="/student" element={<DashboardPage />} />
            <Route path="*" element={<ErrorView homePath="/student" />} />
          </Routes>
        </RequireAuth>
      </Layout>
    </AppProviders>
  );
}
