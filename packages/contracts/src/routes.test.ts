import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pathParamNames, type RouteDef } from './common/route';
import { routes } from './routes';

/** Every call of section 7 of both specifications, as method + path (leading slash removed). */
const SPEC_CALLS: Array<[string, string]> = [
  // public-site-and-accounts.md, section 7
  ['POST', 'auth/login/'],
  ['POST', 'auth/register/'],
  ['POST', 'auth/logout/'],
  ['GET', 'auth/check/'],
  ['POST', 'auth/token/refresh/'],
  ['GET', 'user-cohorts/user/:userIdSlug/'],
  ['POST', 'upload/file_upload/'],
  ['POST', 'sheet/submit-form/'],
  ['PATCH', 'auth/profile/update'],
  ['POST', 'auth/account/change-password/'],
  ['POST', 'auth/account/change-email/'],
  // form collection (DESIGN.md: this API's own endpoints)
  ['POST', 'forms/contact/'],
  ['POST', 'forms/course-interest/'],
  // learning-and-admin.md, section 7, student calls
  ['GET', 'cohorts/:cohortId/user/:userIdSlug/'],
  ['GET', 'cohorts/:cohortId/courses/:courseId/user/:userIdSlug/'],
  ['GET', 'lessons/video/url'],
  ['PATCH', 'cohorts/admin/:cohortId/mark-lesson-complete'],
  // learning-and-admin.md, section 7, admin calls
  ['GET', 'courses/admin/list'],
  ['GET', 'cohorts/admin/list'],
  ['GET', 'auth/admin/students/list'],
  ['GET', 'cohorts/admin/list/active'],
  ['PATCH', 'cohorts/admin/:cohortId/update-students'],
  ['DELETE', 'cohorts/admin/:cohortId/remove-student'],
  ['POST', 'cohorts/admin/:cohortId/add-student'],
  ['POST', 'cohorts/admin/:cohortId/add-student-bulk'],
  ['GET', 'cohorts/admin/:cohortId/students'],
  ['GET', 'cohorts/admin/:cohortId/queue'],
  ['GET', 'courses/admin/:courseId'],
  ['GET', 'cohorts/admin/:cohortId'],
  ['PATCH', 'courses/admin/:courseId/update/'],
  ['PATCH', 'cohorts/admin/:cohortId/update'],
  ['POST', 'courses/admin/create/'],
  ['POST', 'cohorts/admin/create/'],
  ['POST', 'courses/admin/:courseId/add-module/'],
  ['PUT', 'courses/admin/:courseId/modules/update/'],
  ['GET', 'certificates/admin/list'],
  ['POST', 'certificates/admin/create'],
  ['POST', 'cohorts/admin/:cohortId/add-certificate'],
  // DESIGN.md decisions and operations
  ['DELETE', 'cohorts/admin/:cohortId'],
  ['DELETE', 'cohorts/admin/:cohortId/courses/:courseId'],
  ['POST', 'cohorts/admin/:cohortId/add-course'],
  ['GET', 'applications/admin/list'],
  ['GET', 'applications/admin/export'],
  ['GET', 'health'],
  ['GET', 'health/live'],
  ['GET', 'health/ready'],
  ['GET', 'metrics'],
];

const ADMIN_PATHS = new Set(SPEC_CALLS.slice(17, 41).map(([m, p]) => `${m} ${p}`));

const entries = Object.entries(routes) as Array<[string, RouteDef]>;

describe('route table', () => {
  it.each(SPEC_CALLS)('has %s %s', (method, path) => {
    const match = entries.filter(([, r]) => r.method === method && r.path === path);
    expect(match, `${method} ${path}`).toHaveLength(1);
  });

  it('has no duplicate method + path', () => {
    const keys = entries.map(([, r]) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every spec admin call the admin role, except mark-lesson-complete', () => {
    for (const [, r] of entries) {
      const key = `${r.method} ${r.path}`;
      if (ADMIN_PATHS.has(key)) expect(r.auth, key).toBe('admin');
    }
    expect(routes.markLessonComplete.auth).toBe('user');
    expect(routes.markLessonComplete.path).toBe('cohorts/admin/:cohortId/mark-lesson-complete');
  });

  it('keeps public only what strangers may call', () => {
    const publicNames = entries
      .filter(([, r]) => r.auth === 'public')
      .map(([n]) => n)
      .sort();
    expect(publicNames).toEqual(
      [
        'apiDocs',
        'applicantAcceptOffer',
        'applicantBookInterview',
        'applicantCancelInterview',
        'applicantDeclineOffer',
        'applicantRequestErasure',
        'applicantInterview',
        'applicantResendLink',
        'applicantStatus',
        'applicantWithdraw',
        'calendarFeedIcs',
        'contactForm',
        'credentialBadge',
        'credentialBadgeJson',
        'credentialIssuerKeys',
        'credentialStatusList',
        'courseInterestForm',
        'emailChangeCancel',
        'emailChangeConfirm',
        'emailVerify',
        'health',
        'healthLive',
        'healthReady',
        'invitationLookup',
        'login',
        'metrics',
        'logout',
        'passwordResetConfirm',
        'passwordResetRequest',
        'refresh',
        'register',
        'storedFile',
        'submitApplication',
        'supervisorDecideWeek',
        'supervisorWeek',
        'unsubscribe',
        'uploadFile',
        'verifyCredential',
        'saveSupervisorOjtReview',
        'signSupervisorOjtReview',
        'supervisorOjtReview',
        'verifyOjtReview',
        'visitorToken',
      ].sort(),
    );
  });

  it('paths have no leading slash and params schemas match the path params', () => {
    for (const [name, r] of entries) {
      expect(r.path.startsWith('/'), name).toBe(false);
      const names = pathParamNames(r.path).sort();
      if (names.length === 0) {
        expect(r.params, name).toBeUndefined();
      } else {
        expect(r.params, name).toBeDefined();
        const shape = (r.params as z.ZodObject).shape;
        expect(Object.keys(shape).sort(), name).toEqual(names);
      }
    }
  });

  it('GET routes carry no body; every route has a response schema', () => {
    for (const [name, r] of entries) {
      if (r.method === 'GET') expect(r.body, name).toBeUndefined();
      expect(r.response, name).toBeInstanceOf(z.ZodType);
    }
  });

  it('request bodies reject unknown fields', () => {
    for (const [name, r] of entries) {
      if (!r.body) continue;
      const json = z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' }) as { additionalProperties?: unknown };
      expect(json.additionalProperties, name).toBe(false);
    }
  });
});
