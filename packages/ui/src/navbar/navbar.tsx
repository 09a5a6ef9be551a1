import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AppLink, useAppNavigate } from '../app-link/app-link';
import { Avatar } from '../avatar/avatar';
import { AvatarMenu, type AvatarMenuLink } from '../avatar-menu/avatar-menu';
import { buttonClass } from '../button/button';
import { CloseIcon, LogoutIcon, MenuIcon } from '../icons/icons';
import { BRAND_NAME, Logo } from '../logo/logo';
import { LogoutOverlay } from '../logout/logout-overlay';
import { useStickyHeight } from '../sticky/use-sticky-height';
import { useLogout } from '../logout/use-logout';
import { cx } from '../utils/cx';
import './navbar.css';

export type Role = 'STUDENT' | 'INSTRUCTOR' | 'ADMIN';

export interface NavUser {
  first_name: string;
  last_name: string;
  /** A missing role counts as STUDENT. */
  role?: Role | null;
}

export interface NavbarProps {
  /** The signed-in user, or null when signed out. */
  user: NavUser | null;
  /** The logout call (clears the session). The navbar shows the overlay and goes to /login afterwards. */
  onLogout: () => Promise<void>;
  /** True when a path belongs to this app (router Link), false for other apps' paths (plain <a>). Default: the AppLinksProvider's, else always true. */
  isInternal?: (path: string) => boolean;
  /** Links of the avatar menu (default: `defaultMenuLinks(role)`). */
  menuLinks?: AvatarMenuLink[];
  className?: string;
}

interface NavItem {
  title: string;
  to: string;
  /** Current only on an exact match (otherwise sub-paths count too). */
  exact?: boolean;
}

const PUBLIC_LINKS: NavItem[] = [
  { title: 'Home', to: '/', exact: true },
  { title: 'Courses', to: '/courses' },
  { title: 'About', to: '/about' },
  { title: 'Contact', to: '/contact' },
];

export function isStudentRole(role: Role | null | undefined): boolean {
  return !role || role === 'STUDENT';
}

/** Settings path for a role, in the role's own area: /student/settings, /instructor/settings or /admin/settings. */
export function settingsPathFor(role: Role | null | undefined): string {
  if (isStudentRole(role)) return '/student/settings';
  return role === 'INSTRUCTOR' ? '/instructor/settings' : '/admin/settings';
}

/** The avatar menu's default links for a role. */
export function defaultMenuLinks(role: Role | null | undefined): AvatarMenuLink[] {
  if (isStudentRole(role)) {
    return [
      { title: 'Dashboard', link: '/student' },
      { title: 'Settings', link: '/student/settings' },
    ];
  }
  return [
    { title: 'Home', link: '/instructor', show: role === 'INSTRUCTOR' },
    { title: 'Courses', link: '/admin/courses', show: role === 'ADMIN' },
    { title: 'Settings', link: settingsPathFor(role) },
  ];
}

function signedInLinks(role: Role | null | undefined): NavItem[] {
  const items: NavItem[] = [];
  if (isStudentRole(role)) items.push({ title: 'Home', to: '/student', exact: true });
  items.push({ title: 'Settings', to: settingsPathFor(role) });
  return items;
}

function isCurrent(pathname: string, item: NavItem): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.to) return true;
  return !item.exact && path.startsWith(`${item.to}/`);
}

/**
 * The top navigation bar. Signed out: logo, Home, Courses, About, Contact, Apply and Sign In.
 * Signed in: Home (students), Settings, the avatar menu, and a Log out button on mobile.
 * Every bar reads logo left, navigation, account right (admins too: their sidebar's chip mark
 * is not the school's name, and on phones it is a bottom tab bar without one).
 * Below 768 px the links fold behind a menu toggle.
 */
export function Navbar({ user, onLogout, isInternal, menuLinks, className }: NavbarProps) {
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // The page the menu was opened on: it is open only there, so a navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const go = useAppNavigate({ isInternal });
  const { loggingOut, logout } = useLogout(onLogout, go);
  // The page scrolls focused elements clear of this sticky header (scroll-padding-top in styles.css).
  const headerRef = useStickyHeight<HTMLElement>('navbar');

  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpenOn(null);
        toggleRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const role = user?.role;
  const items = user ? signedInLinks(role) : PUBLIC_LINKS;
  const closeMenu = () => setOpen(false);

  return (
    <header ref={headerRef} className={cx('ui-navbar', user && 'ui-navbar--signed-in', className)}>
      <div className="ui-navbar__inner">
        <AppLink to="/" isInternal={isInternal} className="ui-navbar__brand" aria-label={`${BRAND_NAME} home`}>
          <Logo />
        </AppLink>
        <button
          ref={toggleRef}
          type="button"
          className="ui-navbar__toggle"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
        </button>
        <nav id={menuId} aria-label="Main" className={cx('ui-navbar__menu', open && 'ui-navbar__menu--open')}>
          <ul className="ui-navbar__links">
            {items.map((item) => {
              const current = isCurrent(pathname, item);
              return (
                <li key={item.to}>
                  <AppLink
                    to={item.to}
                    isInternal={isInternal}
                    className={cx('ui-navbar__link', current && 'ui-navbar__link--active')}
                    aria-current={current ? 'page' : undefined}
                    onClick={closeMenu}
                  >
                    {item.title}
                  </AppLink>
                </li>
              );
            })}
          </ul>
          <div className="ui-navbar__actions">
            {user ? (
              <>
                <AvatarMenu
                  className="ui-navbar__desktop-only"
                  user={user}
                  links={menuLinks ?? defaultMenuLinks(role)}
                  isStudent={isStudentRole(role)}
                  onLogout={() => void logout()}
                  isInternal={isInternal}
                />
                <div className="ui-navbar__mobile-only ui-navbar__mobile-user">
                  <Avatar firstName={user.first_name} lastName={user.last_name} decorative />
                  <span>
                    {user.first_name} {user.last_name}
                  </span>
                </div>
                <button
                  type="button"
                  className={cx(buttonClass('outline-light', 'md'), 'ui-navbar__mobile-only')}
                  onClick={() => {
                    closeMenu();
                    void logout();
                  }}
                >
                  <LogoutIcon size={18} />
                  Log out
                </button>
              </>
            ) : (
              <>
                <AppLink to="/apply" isInternal={isInternal} className={buttonClass('accent', 'md')} onClick={closeMenu}>
                  Apply
                </AppLink>
                <AppLink to="/login" isInternal={isInternal} className={buttonClass('outline-light', 'md')} onClick={closeMenu}>
                  Sign In
                </AppLink>
              </>
            )}
          </div>
        </nav>
      </div>
      <LogoutOverlay open={loggingOut} />
    </header>
  );
}
