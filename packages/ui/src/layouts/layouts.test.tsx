import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import { StandardLayout } from './standard-layout';

const logout = () => Promise.resolve();

describe('StandardLayout', () => {
  it('renders the navbar, the content in <main> and the footer', () => {
    render(
      <MemoryRouter>
        <StandardLayout user={null} onLogout={logout}>
          <h1>Catalogue</h1>
        </StandardLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Catalogue');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('can leave out the footer', () => {
    render(
      <MemoryRouter>
        <StandardLayout user={null} onLogout={logout} showFooter={false}>
          <p>x</p>
        </StandardLayout>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('offers a skip link that moves focus to the main content', async () => {
    render(
      <MemoryRouter>
        <StandardLayout user={null} onLogout={logout}>
          <p>x</p>
        </StandardLayout>
      </MemoryRouter>,
    );
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.click(skip);
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('AdminLayout', () => {
  it('renders sidebar, navbar, main and footer, with extra sidebar entries', () => {
    render(
      <MemoryRouter initialEntries={['/admin/cohorts']}>
        <AdminLayout
          user={{ first_name: 'Mei', last_name: 'Ling', role: 'ADMIN' }}
          onLogout={logout}
          sidebarItems={[{ title: 'Applications', path: '/admin/applications' }]}
        >
          <h1>Cohorts</h1>
        </AdminLayout>
      </MemoryRouter>,
    );
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    expect(sidebar).toHaveTextContent('CoursesCohortsStudentsApplications');
    expect(screen.getByRole('link', { name: 'Cohorts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveTextContent('Settings');
    expect(screen.getByRole('main')).toHaveTextContent('Cohorts');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
