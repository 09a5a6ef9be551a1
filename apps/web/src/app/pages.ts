import { courses, getCourse, getInitiative, initiatives } from '@school/catalogue';
import { type ComponentType, lazy } from 'react';
import { matchRoutes } from 'react-router-dom';
import { HomePage } from '../features/home/home-page';
import { pageTitle } from '../lib/page-meta';

/*
 * The public site's one list of pages: the router's routes, the paths prerendered at build time and
 * each prerendered page's title and description come from it. A page sets the same title itself
 * when it mounts (usePageTitle), for client-side navigation.
 */

// The landing page ships in the entry chunk; every other page loads on demand (and is
// prerendered, so its HTML shows while its chunk loads).
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

export interface SitePage {
  /** The route's path pattern. */
  path: string;
  Page: ComponentType;
  /** The paths written to HTML at build time: the path itself for a page without params. */
  prerender: string[];
  /** The prerendered page's title (before the school's name), from the path's params. */
  title?: (params: Record<string, string | undefined>) => string | undefined;
  /** The prerendered page's meta description, when it has one of its own. */
  description?: (params: Record<string, string | undefined>) => string | undefined;
}

const titled = (path: string, Page: ComponentType, title: string): SitePage => ({ path, Page, prerender: [path], title: () => title });
const unlisted = (path: string, Page: ComponentType): SitePage => ({ path, Page, prerender: [] });

export const SITE_PAGES: SitePage[] = [
  titled('/', HomePage, "Building Tomorrow's Semiconductor Leaders"),
  titled(
    '/about',
    page(() => import('../features/about/about-page'), 'AboutPage'),
    'About us',
  ),
  titled(
    '/contact',
    page(() => import('../features/contact/contact-page'), 'ContactPage'),
    'Contact us',
  ),
  titled(
    '/courses',
    page(() => import('../features/courses/courses-page'), 'CoursesPage'),
    'Courses',
  ),
  {
    path: '/courses/:id',
    Page: page(() => import('../features/courses/course-detail-page'), 'CourseDetailPage'),
    prerender: courses.map((c) => `/courses/${c.id}`),
    title: ({ id }) => getCourse(id ?? '')?.title ?? 'Course not found',
    description: ({ id }) => getCourse(id ?? '')?.description,
  },
  titled(
    '/apply',
    page(() => import('../features/apply/apply-page'), 'ApplyPage'),
    'Apply',
  ),
  titled(
    '/apply/thank-you',
    page(() => import('../features/apply/thank-you-page'), 'ThankYouPage'),
    'Thank you for applying',
  ),
  {
    path: '/apply/:slug',
    Page: page(() => import('../features/programme/programme-page'), 'ProgrammePage'),
    prerender: initiatives.map((i) => `/apply/${i.frontend_slug}`),
    title: ({ slug }) => getInitiative(slug ?? '')?.title,
    description: ({ slug }) => getInitiative(slug ?? '')?.description,
  },
  {
    path: '/apply/:slug/application',
    Page: page(() => import('../features/programme/application-page'), 'ApplicationPage'),
    prerender: initiatives.map((i) => `/apply/${i.frontend_slug}/application`),
    title: () => 'Application form',
    description: ({ slug }) => getInitiative(slug ?? '')?.description,
  },
  titled(
    '/enterprise',
    page(() => import('../features/placeholders/placeholders'), 'EnterprisePage'),
    'Enterprise',
  ),
  titled(
    '/applications',
    page(() => import('../features/applications/applications-page'), 'ApplicationsPage'),
    'Applications',
  ),
  unlisted(
    '/applications/:id',
    page(() => import('../features/applications/application-status-page'), 'ApplicationStatusPage'),
  ),
  // A host supervisor's link to sign a logbook week: the token is in the query, so the one page is prerendered.
  titled(
    '/supervisor/week',
    page(() => import('../features/supervisor/supervisor-week-page'), 'SupervisorWeekPage'),
    'Logbook sign-off',
  ),
  titled(
    '/login',
    page(() => import('../features/auth/login-page'), 'LoginPage'),
    'Sign in',
  ),
  titled(
    '/login-other',
    page(() => import('../features/auth/login-other-page'), 'LoginOtherPage'),
    'Instructor sign in',
  ),
  titled(
    '/login/reset-password',
    page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
    'Reset password',
  ),
  titled(
    '/create-account',
    page(() => import('../features/auth/create-account-page'), 'CreateAccountPage'),
    'Create an account',
  ),
  titled(
    '/account/confirm-email',
    page(() => import('../features/auth/email-change-pages'), 'ConfirmEmailPage'),
    'Confirm your new email',
  ),
  titled(
    '/account/cancel-email-change',
    page(() => import('../features/auth/email-change-pages'), 'CancelEmailChangePage'),
    'Cancel the email change',
  ),
  titled(
    '/account/verify-email',
    page(() => import('../features/auth/email-change-pages'), 'VerifyEmailPage'),
    'Confirm your email',
  ),
  titled(
    '/unsubscribe',
    page(() => import('../features/auth/unsubscribe-page'), 'UnsubscribePage'),
    'Unsubscribe',
  ),
  unlisted(
    '/verify/reviews/:reviewId/:sha256?',
    page(() => import('../features/ojt-reviews/review-verify-page'), 'ReviewVerifyPage'),
  ),
  unlisted(
    '/supervisor/reviews/:token',
    page(() => import('../features/ojt-reviews/supervisor-review-page'), 'SupervisorReviewPage'),
  ),
  {
    path: '/verify/:credentialId?',
    Page: page(() => import('../features/verify/verify-page'), 'VerifyPage'),
    prerender: ['/verify'],
    title: () => 'Verify a certificate',
  },
];

/** Every page written to HTML at build time. */
export const prerenderPaths: string[] = SITE_PAGES.flatMap((p) => p.prerender);

/** The page a path shows, with its params, ranked as the router ranks them. */
function pageAt(path: string) {
  const match = matchRoutes(
    SITE_PAGES.map((p) => ({ path: p.path, page: p })),
    path,
  )?.[0];
  return match ? { page: match.route.page, params: match.params } : null;
}

/** The document title of a prerendered path (each page sets the same one when it mounts). */
export function titleForPath(path: string): string {
  const at = pageAt(path);
  return pageTitle(at?.page.title?.(at.params));
}

/** A page's meta description when it has one of its own (courses, the programme); else undefined. */
export function descriptionForPath(path: string): string | undefined {
  const at = pageAt(path);
  return at?.page.description?.(at.params);
}
