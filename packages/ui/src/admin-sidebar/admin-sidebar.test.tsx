import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminSidebar, sidebarIcons } from './admin-sidebar';

function renderSidebar(path = '/admin/courses', props: Parameters<typeof AdminSidebar>[0] = {}) {
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminSidebar {...props} />
      <Routes>
        <Route path="*" element={<p data-testid="page" />} />
      </Routes>
    </MemoryRouter>,
  );
  const sidebar = utils.container.querySelector('aside')!;
  const nav = screen.getByRole('navigation', { name: 'Admin' });
  return { sidebar, nav };
}

describe('AdminSidebar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists Courses, Cohorts and Students with their paths', () => {
    const { nav } = renderSidebar();
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Courses', '/admin/courses'],
      ['Cohorts', '/admin/cohorts'],
      ['Students', '/admin/students'],
    ]);
  });

  it('accepts extra entries', () => {
    const { nav } = renderSidebar('/admin/applications', {
      extraItems: [{ title: 'Applications', path: '/admin/applications', icon: sidebarIcons.applications }],
    });
    const apps = within(nav).getByRole('link', { name: 'Applications' });
    expect(apps).toHaveAttribute('href', '/admin/applications');
    expect(apps).toHaveAttribute('aria-current', 'page');
  });

  it('marks as active only the entry whose path equals the current path', () => {
    const { nav } = renderSidebar('/admin/cohorts');
    expect(within(nav).getByRole('link', { name: 'Cohorts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Courses' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Students' })).not.toHaveAttribute('aria-current');
  });

  it('marks nothing active on a sub-page such as a cohort detail', () => {
    const { nav } = renderSidebar('/admin/cohorts/abc123');
    for (const link of within(nav).getAllByRole('link')) expect(link).not.toHaveAttribute('aria-current');
  });

  it('ignores a trailing slash when comparing paths', () => {
    const { nav } = renderSidebar('/admin/students/');
    expect(within(nav).getByRole('link', { name: 'Students' })).toHaveAttribute('aria-current', 'page');
  });

  it('expands on mouse hover and collapses on mouse leave', () => {
    const { sidebar } = renderSidebar();
    expect(sidebar).not.toHaveClass('ui-sidebar--expanded');
    fireEvent.mouseEnter(sidebar);
    expect(sidebar).toHaveClass('ui-sidebar--expanded');
    fireEvent.mouseLeave(sidebar);
    expect(sidebar).not.toHaveClass('ui-sidebar--expanded');
  });

  it('navigates on click, then ignores hover for 500 ms', () => {
    vi.useFakeTimers();
    const { sidebar, nav } = renderSidebar('/admin/courses');
    fireEvent.mouseEnter(sidebar);
    const students = within(nav).getByRole('link', { name: 'Students' });
    fireEvent.click(students);
    expect(students).toHaveAttribute('aria-current', 'page');
    expect(sidebar).not.toHaveClass('ui-sidebar--expanded');

    fireEvent.mouseEnter(sidebar);
    expect(sidebar).not.toHaveClass('ui-sidebar--expanded');
    act(() => {
      vi.advanceTimersByTime(499);
    });
    fireEvent.mouseEnter(sidebar);
    expect(sidebar).not.toHaveClass('ui-sidebar--expanded');

    act(() => {
      vi.advanceTimersByTime(1);
    });
    fireEvent.mouseEnter(sidebar);
    expect(sidebar).toHaveClass('ui-sidebar--expanded');
  });
});
