import { describe, expect, it } from 'vitest';
import { appForPath, homeRoute, hrefFor, isLandingRoute } from './routing';

describe('routing', () => {
  it('sends each role to its home route', () => {
    expect(homeRoute('ADMIN')).toBe('/admin/courses');
    expect(homeRoute('INSTRUCTOR')).toBe('/instructor');
    expect(homeRoute('STUDENT')).toBe('/student');
    expect(homeRoute(undefined)).toBe('/student');
    expect(homeRoute(null, false)).toBe('/');
  });
  it('knows which app serves a path', () => {
    expect(appForPath('/admin/cohorts/x')).toBe('admin');
    expect(appForPath('/instructor')).toBe('admin');
    expect(appForPath('/student/settings')).toBe('learn');
    expect(appForPath('/class/abc')).toBe('learn');
    expect(appForPath('/students-stories')).toBe('web');
    expect(appForPath('/courses/course-1')).toBe('web');
  });
  it('flags the landing routes', () => {
    for (const p of ['/', '/about', '/login', '/login-other', '/login/reset-password', '/create-account', '/login/'])
      expect(isLandingRoute(p)).toBe(true);
    expect(isLandingRoute('/courses')).toBe(false);
  });
  it('prefixes the owning app origin only in a subdomain deployment', () => {
    expect(hrefFor('/student')).toBe('/student');
    expect(hrefFor('/student', { learn: 'https://learn.example.com/' })).toBe('https://learn.example.com/student');
    expect(hrefFor('/about', { learn: 'https://learn.example.com' })).toBe('/about');
  });
});
