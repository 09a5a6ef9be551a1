import { AppProviders, ErrorView, RedirectIfSignedIn, StandardLayout, useSession } from '@school/ui';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { CreateAccountPage } from '../features/auth/create-account-page';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/home/home-page';

function Layout({ children }: { children: React.ReactNode }) {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout}>
      <RedirectIfSignedIn>{children}</RedirectIfSignedIn>
    </StandardLayout>
  );
}

/** The public site: marketing pages, catalogue, forms, sign-in and sign-up. */
export function App() {
  return (
    <AppProviders app="web" origins={origins}>
      <Layout>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/create-account" element={<CreateAccountPage />} />
          <Route path="*" element={<ErrorView />} />
        </Routes>
      </Layout>
    </AppProviders>
  );
}
