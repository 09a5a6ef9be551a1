import { AdminLayout, AppProviders, ErrorView, RequireAuth, useSession } from '@school/ui';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { CoursesPage } from '../features/courses/courses-page';
import { InstructorHomePage } from '../features/instructor/instructor-home-page';

function Layout({ children }: { children: ReactNode }) {
  const { user, logout } = useSession();
  return (
    <AdminLayout user={user} onLogout={logout}>
      {children}
    </AdminLayout>
  );
}

/** The admin console (admins) and the instructors' home. */
export function App() {
  return (
    <AppProviders app="admin" origins={origins}>
      <Routes>
        <Route
          path="/instructor/*"
          element={
            <RequireAuth roles={['INSTRUCTOR']}>
              <InstructorHomePage />
            </RequireAuth>
          }
        />
        <Route
          path="*"
          element={
            <RequireAuth roles={['ADMIN']}>
              <Layout>
                <Routes>
                  <Route path="/admin/courses" element={<CoursesPage />} />
                  <Route path="*" element={<ErrorView homePath="/admin/courses" />} />
                </Routes>
              </Layout>
            </RequireAuth>
          }
        />
      </Routes>
    </AppProviders>
  );
}
