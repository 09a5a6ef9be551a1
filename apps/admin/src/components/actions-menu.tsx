import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  tone?: 'danger';
}

/** A "More actions" button opening a menu of actions (arrow keys move, Escape closes). */
export function ActionsMenu({ label = 'More actions', actions }: { label?: string; actions: MenuAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<Array<HTMLButtonElement | null>>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  // The menu hangs from the button's right edge; where that would cross the screen's left edge
  // (the button wrapped to the left on a phone) it hangs from the button's left edge instead,
  // measured as the list mounts, before it is painted.
  const placeList = (list: HTMLUListElement | null) => {
    if (list && list.getBoundingClientRect().left < 0) list.classList.add('admin-menu__list--start');
  };

  useEffect(() => {
    if (!open) return;
    itemsRef.current[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const items = itemsRef.current.filter(Boolean) as HTMLButtonElement[];
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      items[(i + 1) % items.length]?.focus();
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      items[(i - 1 + items.length) % items.length]?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="admin-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="ui-button ui-button--secondary ui-button--md"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open && (
        <ul ref={placeList} id={menuId} role="menu" className="admin-menu__list" aria-label={label} onKeyDown={onKeyDown}>
          {actions.map((a, i) => (
            <li key={a.label} role="none">
              <button
                ref={(el) => {
                  itemsRef.current[i] = el;
                }}
                type="button"
                role="menuitem"
                className={a.tone === 'danger' ? 'admin-menu__item admin-menu__item--danger' : 'admin-menu__item'}
                onClick={() => {
                  setOpen(false);
                  a.onSelect();
                }}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
