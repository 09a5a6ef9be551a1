import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AvatarMenu, type AvatarMenuLink } from './avatar-menu';

const user = { first_name: 'Siti', last_name: 'Rahman' };
const links: AvatarMenuLink[] = [
  { title: 'Dashboard', link: '/student' },
  { title: 'Settings', link: '/student/settings', show: true },
  { title: 'Admin console', link: '/admin/courses', show: false },
];

function setup(onLogout = vi.fn()) {
  render(
    <MemoryRouter>
      <p>Outside</p>
      <AvatarMenu user={user} links={links} isStudent onLogout={onLogout} />
    </MemoryRouter>,
  );
  return { onLogout, button: screen.getByRole('button', { name: /Siti Rahman/ }) };
}

describe('AvatarMenu', () => {
  it('shows first and last name on a closed menu button', () => {
    const { button } = setup();
    expect(button).toHaveTextContent('Siti Rahman');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('opens on click and lists the shown links, then a final Log out entry', async () => {
    const { button } = setup();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Dashboard', 'Settings', 'Log out']);
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/student/settings');
    expect(screen.queryByText('Admin console')).toBeNull();
    expect(items[0]).toHaveFocus();
  });

  it('triggers logout from the Log out entry and closes', async () => {
    const { onLogout, button } = setup();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves with the arrow keys and closes on Escape, returning focus', async () => {
    const { button } = setup();
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    const { button } = setup();
    await userEvent.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the account kind in the open menu', async () => {
    render(
      <MemoryRouter>
        <AvatarMenu user={user} links={[]} isStudent={false} onLogout={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Siti Rahman/ }));
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });
});
