import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppLink, AppLinksProvider, useAppNavigate } from './app-link';

function Pages() {
  return (
    <Routes>
      <Route path="/" element={<p>Home page</p>} />
      <Route path="/courses" element={<p>Courses page</p>} />
    </Routes>
  );
}

describe('AppLink', () => {
  it('navigates inside the app for internal paths', async () => {
    render(
      <MemoryRouter>
        <AppLink to="/courses">Courses</AppLink>
        <Pages />
      </MemoryRouter>,
    );
    expect(screen.getByText('Home page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Courses' }));
    expect(screen.getByText('Courses page')).toBeInTheDocument();
  });

  it("renders a plain anchor through toHref for other apps' paths", () => {
    render(
      <MemoryRouter>
        <AppLinksProvider isInternal={(p) => p.startsWith('/admin')} toHref={(p) => `https://www.example.edu${p}`}>
          <AppLink to="/courses">Courses</AppLink>
          <AppLink to="/admin/courses">Admin</AppLink>
        </AppLinksProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('href', 'https://www.example.edu/courses');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin/courses');
  });

  it('lets a prop override the provider', () => {
    render(
      <MemoryRouter>
        <AppLinksProvider isInternal={() => false} toHref={(p) => `https://learn.example.edu${p}`}>
          <AppLink to="/student" isInternal={() => true}>
            Dashboard
          </AppLink>
        </AppLinksProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/student');
  });

  it('keeps absolute URLs as they are', () => {
    render(
      <MemoryRouter>
        <AppLink to="https://www.linkedin.com/">LinkedIn</AppLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', 'https://www.linkedin.com/');
  });
});

describe('useAppNavigate', () => {
  it('navigates in the router for internal paths', async () => {
    function Go() {
      const go = useAppNavigate();
      return (
        <button type="button" onClick={() => go('/courses')}>
          Go
        </button>
      );
    }
    render(
      <MemoryRouter>
        <Go />
        <Pages />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByText('Courses page')).toBeInTheDocument();
  });
});
