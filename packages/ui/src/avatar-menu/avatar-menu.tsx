import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { AppLink } from '../app-link/app-link';
import { Avatar } from '../avatar/avatar';
import { ChevronDownIcon, LogoutIcon } from '../icons/icons';
import { cx } from '../utils/cx';
import './avatar-menu.css';

export interface AvatarMenuLink {
  title: string;
  link: string;
  /** false hides the item; missing or true shows it. */
  show?: boolean;
}

export interface AvatarMenuUser {
  first_name: string;
  last_name: string;
}

export interface AvatarMenuProps {
  user: AvatarMenuUser;
  links: AvatarMenuLink[];
  /** Shows 'Student' or 'Admin' under the name in the open menu. */
  isStudent: boolean;
  /** Called by the fixed final 'Log out' entry. */
  onLogout: () => void;
  /** Overrides the AppLinksProvider's internal/external decision for the links. */
  isInternal?: (path: string) => boolean;
  className?: string;
}

/** The menu's items, in order. */
const menuItems = (menu: HTMLElement | null) => Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

/** Focuses the first or last item of the menu. */
const focusItem = (menu: HTMLElement | null, target: 'first' | 'last') => {
  const all = menuItems(menu);
  (target === 'first' ? all[0] : all[all.length - 1])?.focus();
};

/** The signed-in user's menu: a button with avatar and name opening a menu of links and a final 'Log out'. */
export function AvatarMenu({ user, links, isStudent, onLogout, isInternal, className }: AvatarMenuProps) {
  const [open, setOpen] = useState(false);
  // The item to focus once the menu has opened (it is hidden, so unfocusable, until then).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const buttonId = useId();
  const visible = links.filter((l) => l.show !== false);
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    focusItem(menuRef.current, focusOnOpen.current);
    focusOnOpen.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: MouseEvent | TouchEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
    };
  }, [open]);

  const openMenu = (target: 'first' | 'last') => {
    if (open) {
      focusItem(menuRef.current, target);
      return;
    }
    focusOnOpen.current = target;
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openMenu('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openMenu('last');
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = menuItems(menuRef.current);
    const current = all.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        move(current + 1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        move(current - 1);
        break;
      case 'Home':
        e.preventDefault();
        move(0);
        break;
      case 'End':
        e.preventDefault();
        move(all.length - 1);
        break;
      case 'Escape':
        e.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(false);
        break;
      default:
    }
  };

  return (
    <div className={cx('ui-avatar-menu', className)} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="ui-avatar-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <Avatar firstName={user.first_name} lastName={user.last_name} decorative />
        <span className="ui-avatar-menu__name">{fullName}</span>
        <ChevronDownIcon size={16} className="ui-avatar-menu__chevron" />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className="ui-avatar-menu__menu"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
      >
        <li role="none" className="ui-avatar-menu__header">
          <span className="ui-avatar-menu__header-name" aria-hidden="true">
            {fullName}
          </span>
          <span className="ui-avatar-menu__header-role" aria-hidden="true">
            {isStudent ? 'Student' : 'Admin'}
          </span>
        </li>
        {visible.map((item) => (
          <li role="none" key={`${item.title}-${item.link}`}>
            <AppLink
              to={item.link}
              isInternal={isInternal}
              role="menuitem"
              tabIndex={-1}
              className="ui-avatar-menu__item"
              onClick={() => setOpen(false)}
            >
              {item.title}
            </AppLink>
          </li>
        ))}
        <li role="none">
          <hr className="ui-avatar-menu__separator" />
        </li>
        <li role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="ui-avatar-menu__item ui-avatar-menu__item--logout"
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            <LogoutIcon size={16} />
            Log out
          </button>
        </li>
      </ul>
    </div>
  );
}
