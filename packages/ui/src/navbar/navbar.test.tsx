import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Navbar, settingsPathFor, type NavUser } from './navbar';

function renderNavbar(
  user: NavUser | null,
  {
    path = '/',
    onLogout = vi.fn().mockResolvedValue(undefined),
    isInternal,
  }: {
    path?: string;
    onLogout?: () => Promise<void>;
    isInternal?: (p: string) => boolean;
  } = {},
) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Navbar user={user} onLogout={onLogout} isInternal={isInternal} />
      <Routes>
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="*" element={<p>Other page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return { onLogout, nav: screen.getByRole('navigation', { name: 'Main' }) };
}

const student: NavUser = { first_name: 'Aiman', last_name: 'Hakim', role: 'STUDENT' };
const admin: NavUser = { first_name: 'Mei', last_name: 'Ling', role: 'ADMIN' };

describe('Navbar signed out', () => {
  it('shows the logo, the four links and the Apply and Sign In buttons', () => {
    const { nav } = renderNavbar(null);
    expect(screen.getByRole('link', { name: 'ChipSkills Academy home' })).toHaveAttribute('href', '/');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Courses', '/courses'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Apply', '/apply'],
      ['Sign In', '/login'],
    ]);
    expect(screen.queryByRole('button', { name: /Log out/ })).toBeNull();
  });

  it('marks the current page', () => {
    const { nav } = renderNavbar(null, { path: '/courses/course-1' });
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('renders plain anchors for paths of other apps', () => {
    const { nav } = renderNavbar(null, { isInternal: (p) => !p.startsWith('/login') });
    const signIn = within(nav).getByRole('link', { name: 'Sign In' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(signIn).not.toHaveAttribute('data-discover');
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute('data-discover', 'true');
  });

  it('folds the links behind a menu toggle with aria-expanded', async () => {
    const { nav } = renderNavbar(null);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', nav.id);
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(nav).toHaveClass('ui-navbar__menu--open');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes the mobile menu after following a link', async () => {
    const { nav } = renderNavbar(null);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    await userEvent.click(within(nav).getByRole('link', { name: 'About' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('Navbar signed in', () => {
  it('gives students Home, Settings, the avatar menu and a mobile Log out button', () => {
    const { nav } = renderNavbar(student, { path: '/student' });
    expect(screen.getByRole('link', { name: 'ChipSkills Academy home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/student');
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/student/settings');
    expect(within(nav).queryByRole('link', { name: 'Courses' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('button', { name: /Aiman Hakim/ })).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.getByRole('button', { name: 'Log out' })).toHaveClass('ui-navbar__mobile-only');
  });

  it('treats a missing role as a student', () => {
    const { nav } = renderNavbar({ first_name: 'A', last_name: 'B' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/student');
  });

  it('gives admins the logo, then Settings at /admin/settings beside it (no Home link), then the account menu', () => {
    const { nav } = renderNavbar(admin, { path: '/admin/courses' });
    const logo = screen.getByRole('link', { name: 'ChipSkills Academy home' });
    expect(logo).toHaveAttribute('href', '/');
    // Logo first, the navigation after it: the bar reads left to right.
    expect(logo.compareDocumentPosition(nav) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(logo.closest('header')).toHaveClass('ui-navbar--signed-in');
    expect(within(nav).queryByRole('link', { name: 'Home' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });

  it('gives instructors Settings in their own area, /instructor/settings, in the bar and the avatar menu', async () => {
    const { nav } = renderNavbar({ first_name: 'Farid', last_name: 'Lim', role: 'INSTRUCTOR' }, { path: '/instructor' });
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/instructor/settings');
    act(() => screen.getByRole('button', { name: /Farid Lim/ }).click());
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/instructor/settings');
    expect(settingsPathFor('INSTRUCTOR')).toBe('/instructor/settings');
    expect(settingsPathFor('ADMIN')).toBe('/admin/settings');
    expect(settingsPathFor('STUDENT')).toBe('/student/settings');
  });

  it('logs out from the avatar menu behind the overlay, then goes to /login', async () => {
    vi.useFakeTimers();
    try {
      const { onLogout } = renderNavbar(student, { path: '/student' });
      act(() => screen.getByRole('button', { name: /Aiman Hakim/ }).click());
      act(() => screen.getByRole('menuitem', { name: 'Log out' }).click());
      expect(onLogout).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Logging out...');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.getByText('Login page')).toBeInTheDocument();
      expect(screen.queryByText('Logging out...')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('alerts when logging out from the mobile button fails', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderNavbar(student, { path: '/student', onLogout: vi.fn().mockRejectedValue(new Error('x')) });
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(alert).toHaveBeenCalledWith('Uh oh... something went wrong. Please try again later.');
    expect(screen.getByText('Other page')).toBeInTheDocument();
  });
});
