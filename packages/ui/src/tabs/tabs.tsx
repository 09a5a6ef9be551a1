import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../utils/cx';
import './tabs.css';

export interface TabItem {
  label: ReactNode;
  /** The panel shown when this tab is active (or pass the active panel as children). */
  content?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: TabItem[];
  /** Index of the active tab. */
  active: number;
  /** Called with the index of the tab chosen by click or keyboard. */
  onChange: (index: number) => void;
  /** Accessible name of the tab list, e.g. 'Cohort sections'. */
  label: string;
  /** 'horizontal' (default; Left/Right keys) or 'vertical' (Up/Down keys). */
  orientation?: 'horizontal' | 'vertical';
  /** Content of the active panel, when the tabs carry no `content`. */
  children?: ReactNode;
  className?: string;
}

/**
 * Accessible tabs (tablist, tab, tabpanel) controlled by `active` and
 * `onChange`. Arrow keys move to the previous or next tab (wrapping), Home and
 * End to the first and last; a tab is activated as it gets focus.
 */
export function Tabs({ tabs, active, onChange, label, orientation = 'horizontal', children, className }: TabsProps) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const current = Math.min(Math.max(0, active), Math.max(0, tabs.length - 1));
  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = (i: number) => `${baseId}-panel-${i}`;
  const panel = tabs[current]?.content ?? children;
  const hasPanel = panel !== undefined && panel !== null;

  const select = (i: number) => {
    refs.current[i]?.focus();
    if (i !== current) onChange(i);
  };

  const step = (from: number, dir: 1 | -1) => {
    const n = tabs.length;
    for (let k = 1; k <= n; k++) {
      const i = (((from + dir * k) % n) + n) % n;
      if (!tabs[i]?.disabled) return i;
    }
    return from;
  };

  // On each tab, which is what holds the focus (the tablist itself is not focusable).
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const prevKey = orientation === 'vertical' ? 'ArrowUp' : 'ArrowLeft';
    const nextKey = orientation === 'vertical' ? 'ArrowDown' : 'ArrowRight';
    let target: number | null = null;
    if (e.key === nextKey) target = step(current, 1);
    else if (e.key === prevKey) target = step(current, -1);
    else if (e.key === 'Home') target = step(-1, 1);
    else if (e.key === 'End') target = step(tabs.length, -1);
    if (target === null) return;
    e.preventDefault();
    select(target);
  };

  return (
    <div className={cx('ui-tabs', `ui-tabs--${orientation}`, className)}>
      <div role="tablist" aria-label={label} aria-orientation={orientation} className="ui-tabs__list">
        {tabs.map((tab, i) => (
          <button
            key={i}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className={cx('ui-tabs__tab', i === current && 'ui-tabs__tab--active')}
            aria-selected={i === current}
            aria-controls={hasPanel && i === current ? panelId(i) : undefined}
            tabIndex={i === current ? 0 : -1}
            disabled={tab.disabled}
            onClick={() => select(i)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {hasPanel && (
        <div role="tabpanel" id={panelId(current)} aria-labelledby={tabId(current)} tabIndex={0} className="ui-tabs__panel">
          {panel}
        </div>
      )}
    </div>
  );
}
