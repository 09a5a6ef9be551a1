import type { AppOrigins } from '@school/ui';

/** An origin from the build's environment, or undefined when unset (everything at one origin). */
function origin(name: string, value: unknown): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^https?:\/\/[^/\s]+\/?$/.test(value)) {
    throw new Error(`${name} must be an origin such as https://learn.example.com`);
  }
  return value.replace(/\/$/, '');
}

/** A same-origin path or an absolute URL of a form-collection endpoint. */
function endpoint(name: string, value: unknown, fallback: string): string {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^(https?:\/\/|\/)/.test(value)) throw new Error(`${name} must be a URL or a path`);
  return value;
}

// Checked by hand rather than with zod: this module is in the landing page's first script.
const env = import.meta.env;

/** Origins of the three apps in a subdomain deployment; empty means everything is at one origin. */
export const origins: AppOrigins = {
  web: origin('VITE_WEB_ORIGIN', env.VITE_WEB_ORIGIN),
  learn: origin('VITE_LEARN_ORIGIN', env.VITE_LEARN_ORIGIN),
  admin: origin('VITE_ADMIN_ORIGIN', env.VITE_ADMIN_ORIGIN),
};

/** Where the contact and course-interest forms post (this API's form collection by default). */
export const formEndpoints = {
  contact: endpoint('VITE_CONTACT_FORM_ENDPOINT', env.VITE_CONTACT_FORM_ENDPOINT, '/api/forms/contact/'),
  courseInterest: endpoint('VITE_COURSE_INTEREST_FORM_ENDPOINT', env.VITE_COURSE_INTEREST_FORM_ENDPOINT, '/api/forms/course-interest/'),
};
