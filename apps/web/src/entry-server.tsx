import { courses, getCourse, getInitiative, initiatives } from '@school/catalogue';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { pageTitle } from './app/page-meta';

/** Every page written to HTML at build time: the public routes, each course and the programme pages. */
export const prerenderPaths: string[] = [
  '/',
  '/about',
  '/apply',
  '/apply/thank-you',
  '/contact',
  '/courses',
  '/enterprise',
  '/login',
  '/login-other',
  '/login/reset-password',
  '/create-account',
  '/account/confirm-email',
  '/account/cancel-email-change',
  '/account/verify-email',
  '/unsubscribe',
  '/applications',
  '/verify',
  ...courses.map((c) => `/courses/${c.id}`),
  ...initiatives.flatMap((i) => [`/apply/${i.frontend_slug}`, `/apply/${i.frontend_slug}/application`]),
];

/** A path no route matches: rendered as the site's 404 page. */
export const NOT_FOUND_PATH = '/__not-found__';

const TITLES: Record<string, string> = {
  '/': "Building Tomorrow's Semiconductor Leaders",
  '/about': 'About us',
  '/apply': 'Apply',
  '/apply/thank-you': 'Thank you for applying',
  '/contact': 'Contact us',
  '/courses': 'Courses',
  '/enterprise': 'Enterprise',
  '/login': 'Sign in',
  '/login-other': 'Instructor sign in',
  '/login/reset-password': 'Reset password',
  '/create-account': 'Create an account',
  '/account/confirm-email': 'Confirm your new email',
  '/account/cancel-email-change': 'Cancel the email change',
  '/account/verify-email': 'Confirm your email',
  '/unsubscribe': 'Unsubscribe',
  '/applications': 'Applications',
  '/verify': 'Verify a certificate',
};

/** The document title of a prerendered path (each page sets the same one when it mounts). */
export function titleForPath(path: string): string {
  if (TITLES[path]) return pageTitle(TITLES[path]);
  const course = /^\/courses\/([^/]+)$/.exec(path);
  if (course) return pageTitle(getCourse(course[1])?.title ?? 'Course not found');
  const programme = /^\/apply\/([^/]+)(\/application)?$/.exec(path);
  if (programme) return pageTitle(programme[2] ? 'Application form' : getInitiative(programme[1])?.title);
  return pageTitle(undefined);
}

/** A page's meta description when it has one of its own (courses, the programme); else undefined. */
export function descriptionForPath(path: string): string | undefined {
  const course = /^\/courses\/([^/]+)$/.exec(path);
  if (course) return getCourse(course[1])?.description;
  const programme = /^\/apply\/([^/]+)(\/application)?$/.exec(path);
  if (programme) return getInitiative(programme[1])?.description;
  return undefined;
}

export interface RenderedPage {
  html: string;
  title: string;
  description?: string;
}

/** Renders a path to HTML, waiting for every lazy page so the HTML is complete. */
export async function render(path: string): Promise<RenderedPage> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
    // Never split a Suspense boundary out of the HTML: that needs inline scripts, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return { html: Buffer.concat(chunks).toString('utf8'), title: titleForPath(path), description: descriptionForPath(path) };
}
