import { CATEGORY_SLUGS, categories, coursesByCategory, getCourse, loadCategoryCourses } from '@school/catalogue';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockRoutes } from '@school/ui/testing';
import { locationRef, renderLoaded } from '../../test/render';
import { CourseDetailPage } from './course-detail-page';
import { CoursesPage } from './courses-page';

// The first import of each category's module is slow under the test transformer.
beforeAll(async () => {
  for (const slug of CATEGORY_SLUGS) await loadCategoryCourses(slug);
});

// A signed-out visitor: the pages make no call of their own (an unexpected one is answered 599).
beforeEach(() => {
  mockRoutes({});
});

const courseTitles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('/courses', () => {
  it('lists the beginner category by default', async () => {
    await renderLoaded(<CoursesPage />, { path: '/courses', url: '/courses' });
    await screen.findByRole('button', { name: 'Introductory' });
    expect(screen.getByRole('button', { name: 'Introductory' })).toHaveAttribute('aria-pressed', 'true');
    expect(courseTitles()).toEqual(coursesByCategory('beginner').map((c) => c.title));
    expect(screen.getByRole('link', { name: getCourse('course-0')!.title })).toHaveAttribute('href', '/courses/course-0');
  });

  it('follows the path query parameter and replaces it when a category is clicked', async () => {
    const { unmount } = await renderLoaded(<CoursesPage />, { path: '/courses', url: '/courses?path=fa' });
    await waitFor(() => expect(courseTitles()).toEqual(coursesByCategory('fa').map((c) => c.title)));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Design Verification' })));
    await waitFor(() => expect(locationRef.current).toBe('/courses?path=dv'));
    await waitFor(() => expect(courseTitles()).toEqual(coursesByCategory('dv').map((c) => c.title)));
    unmount();
  });

  it('wraps around at both ends with previous and next', async () => {
    await renderLoaded(<CoursesPage />, { path: '/courses', url: '/courses' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Previous category' })));
    const last = categories[categories.length - 1];
    await waitFor(() => expect(locationRef.current).toBe(`/courses?path=${last.slug}`));
    await waitFor(() => expect(screen.getByRole('button', { name: last.title })).toHaveAttribute('aria-pressed', 'true'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next category' })));
    await waitFor(() => expect(locationRef.current).toBe('/courses?path=beginner'));
  });
});

describe('/courses/{id}', () => {
  it('shows the course with breadcrumbs and numbered, collapsible modules', async () => {
    const course = getCourse('course-12')!;
    await renderLoaded(<CourseDetailPage />, { path: '/courses/:id', url: '/courses/course-12' });
    expect(await screen.findByRole('heading', { level: 1, name: course.title })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(crumbs).toHaveTextContent(`HomeCourses${course.title}`);
    const first = screen.getByRole('button', { name: new RegExp(`^Module 1 ${course.details.curriculum[0].title}`) });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(course.details.curriculum[0].descriptions[0])).not.toBeVisible();
    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(course.details.curriculum[0].descriptions[0])).toBeVisible();
    expect(screen.getByText('What you will learn in this course')).toBeInTheDocument();
    expect(screen.getByText('Course prerequisites')).toBeInTheDocument();
    expect(document.querySelector('input[type=hidden][name=course]')).toHaveValue(course.title);
  });

  it('highlights the tab of the section the address jumps to, and follows a later jump', async () => {
    window.history.replaceState(null, '', '#application');
    try {
      await renderLoaded(<CourseDetailPage />, { path: '/courses/:id', url: '/courses/course-12' });
      const tabs = await screen.findByRole('navigation', { name: 'Course sections' });
      const tab = (name: string) => within(tabs).getByRole('link', { name });
      await waitFor(() => expect(tab('Application')).toHaveAttribute('aria-current', 'true'));
      expect(tab('Overview')).not.toHaveAttribute('aria-current');
      act(() => {
        window.history.replaceState(null, '', '#curriculum');
        window.dispatchEvent(new HashChangeEvent('hashchange'));
      });
      await waitFor(() => expect(tab('Curriculum')).toHaveAttribute('aria-current', 'true'));
    } finally {
      window.history.replaceState(null, '', window.location.pathname);
    }
  });

  it("says 'Uh oh... course not found' for an unknown id", async () => {
    await renderLoaded(<CourseDetailPage />, { path: '/courses/:id', url: '/courses/course-3' });
    expect(await screen.findByText('Uh oh... course not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
  });
});

describe('course card images', () => {
  it('fall back to the placeholder when an image cannot load', async () => {
    const { placeholderImage } = await import('@school/catalogue');
    await renderLoaded(<CoursesPage />, { path: '/courses', url: '/courses' });
    const img = document.querySelector<HTMLImageElement>('.site-course-card__image')!;
    expect(img.getAttribute('src')).not.toBe(placeholderImage);
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe(placeholderImage);
  });
});
