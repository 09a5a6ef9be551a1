import { AppProviders, ErrorView, LoadingIndicator, RedirectIfSignedIn, StandardLayout, useSession } from '@school/ui';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { SITE_PAGES } from './pages';

function Layout({ children }: { children: React.ReactNode }) {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout}>
      <RedirectIfSignedIn>{children}</RedirectIfSignedIn>
    </StandardLayout>
  );
}

/** Every route of the public site, from its one table of pages. */
export function SiteRoutes() {
  return (
    <Routes>
      {SITE_PAGES.map(({ path, Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<ErrorView />} />
    </Routes>
  );
}

/** The public site: marketing pages, catalogue, forms, the youth programme, sign-in and sign-up. */
export function App() {
  return (
    <AppProviders app="web" origins={origins}>
      <Layout>
        <Suspense fallback={<LoadingIndicator />}>
          <SiteRoutes />
        </Suspense>
      </Layout>
    </AppProviders>
  );
}
