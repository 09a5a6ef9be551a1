import { AppProviders, ErrorView, LoadingIndicator, RedirectIfSignedIn, StandardLayout, useSession } from '@school/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { origins } from '../config/env';
import { HomePage } from '../features/home/home-page';

// The landing page ships in the entry chunk; every other page loads on demand (and is
// prerendered, so its HTML shows while its chunk loads).
const page = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

const AboutPage = page(() => import('../features/about/about-page'), 'AboutPage');
const ContactPage = page(() => import('../features/contact/contact-page'), 'ContactPage');
const CoursesPage = page(() => import('../features/courses/courses-page'), 'CoursesPage');
const CourseDetailPage = page(() => import('../features/courses/course-detail-page'), 'CourseDetailPage');
const ApplyPage = page(() => import('../features/apply/apply-page'), 'ApplyPage');
const ThankYouPage = page(() => import('../features/apply/thank-you-page'), 'ThankYouPage');
const ProgrammePage = page(() => import('../features/programme/programme-page'), 'ProgrammePage');
const ApplicationPage = page(() => import('../features/programme/application-page'), 'ApplicationPage');
const EnterprisePage = page(() => import('../features/placeholders/placeholders'), 'EnterprisePage');
const ApplicationsPage = page(() => import('../features/applications/applications-page'), 'ApplicationsPage');
const ApplicationStatusPage = page(() => import('../features/applications/application-status-page'), 'ApplicationStatusPage');
const LoginPage = page(() => import('../features/auth/login-page'), 'LoginPage');
const LoginOtherPage = page(() => import('../features/auth/login-other-page'), 'LoginOtherPage');
const ResetPasswordPage = page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const ConfirmEmailPage = page(() => import('../features/auth/email-change-pages'), 'ConfirmEmailPage');
const CancelEmailChangePage = page(() => import('../features/auth/email-change-pages'), 'CancelEmailChangePage');
const VerifyEmailPage = page(() => import('../features/auth/email-change-pages'), 'VerifyEmailPage');
const UnsubscribePage = page(() => import('../features/auth/unsubscribe-page'), 'UnsubscribePage');
const CreateAccountPage = page(() => import('../features/auth/create-account-page'), 'CreateAccountPage');
const VerifyPage = page(() => import('../features/verify/verify-page'), 'VerifyPage');

function Layout({ children }: { children: React.ReactNode }) {
  const { user, logout } = useSession();
  return (
    <StandardLayout user={user} onLogout={logout}>
      <RedirectIfSignedIn>{children}</RedirectIfSignedIn>
    </StandardLayout>
  );
}

/** Every route of the public site. */
export function SiteRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/about" element={<AboutPage />} />
      <Route path="/contact" element={<ContactPage />} />
      <Route path="/courses" element={<CoursesPage />} />
      <Route path="/courses/:id" element={<CourseDetailPage />} />
      <Route path="/apply" element={<ApplyPage />} />
      <Route path="/apply/thank-you" element={<ThankYouPage />} />
      <Route path="/apply/:slug" element={<ProgrammePage />} />
      <Route path="/apply/:slug/application" element={<ApplicationPage />} />
      <Route path="/enterprise" element={<EnterprisePage />} />
      <Route path="/applications" element={<ApplicationsPage />} />
      <Route path="/applications/:id" element={<ApplicationStatusPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login-other" element={<LoginOtherPage />} />
      <Route path="/login/reset-password" element={<ResetPasswordPage />} />
      <Route path="/create-account" element={<CreateAccountPage />} />
      <Route path="/account/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="/account/cancel-email-change" element={<CancelEmailChangePage />} />
      <Route path="/account/verify-email" element={<VerifyEmailPage />} />
      <Route path="/unsubscribe" element={<UnsubscribePage />} />
      <Route path="/verify/:credentialId?" element={<VerifyPage />} />
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
