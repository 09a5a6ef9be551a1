import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import './notice.css';

export type NoticeTone = 'success' | 'error' | 'warning';

export interface NoticeOptions {
  /**
   * The path of the page the notice belongs to (default: the current page). A page that raises a
   * notice and then navigates (e.g. 'Cohort created.' after creating a cohort) names its destination.
   */
  page?: string;
}

export interface Notify {
  success(message: string, options?: NoticeOptions): void;
  error(message: string, options?: NoticeOptions): void;
  warning(message: string, options?: NoticeOptions): void;
}

interface Notice {
  id: number;
  tone: NoticeTone;
  message: string;
  page: string;
}

interface NoticeState {
  notify: Notify;
  /** The current page's notices, newest first. */
  notices: Notice[];
  dismiss: (id: number) => void;
}

const NoticeContext = createContext<NoticeState | null>(null);

/** At most this many notices show at once (the oldest leaves first). */
export const NOTICE_MAX = 3;

const pathOf = (page: string) => {
  const path = page.split(/[?#]/)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * The app's alerts as notices that belong to the page that raised them: they show on that page
 * only and are dropped when the user goes to another page (a change of `?tab=` stays on the page).
 * They never leave by themselves: in the page's flow, a notice going away on a timer would move
 * the content under the user's pointer. A newer notice pushes out the oldest beyond NOTICE_MAX.
 * `NoticeRegion` shows them; the provider needs a router.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const current = pathOf(pathname);
  const [all, setAll] = useState<Notice[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setAll((list) => list.filter((n) => n.id !== id)), []);

  const push = useCallback(
    (tone: NoticeTone, message: string, options?: NoticeOptions) => {
      const id = nextId.current++;
      // A notice raised by a callback of a page the user has left belongs to that page, so it never shows.
      const page = pathOf(options?.page ?? current);
      setAll((list) => {
        // The same message twice in a row on a page shows once, as the newest.
        const next = [{ id, tone, message, page }, ...list.filter((n) => !(n.page === page && n.message === message))];
        const dropped = new Set(
          next
            .filter((n) => n.page === page)
            .slice(NOTICE_MAX)
            .map((n) => n.id),
        );
        return next.filter((n) => !dropped.has(n.id));
      });
    },
    [current],
  );

  // Leaving a page drops its notices: pruned while rendering the new page (React's pattern for
  // state following a changed value), so no render shows them and no effect re-renders.
  const [page, setPage] = useState(current);
  if (page !== current) {
    setPage(current);
    setAll((list) => (list.some((n) => n.page !== current) ? list.filter((n) => n.page === current) : list));
  }

  const notify = useMemo<Notify>(
    () => ({
      success: (m, o) => push('success', m, o),
      error: (m, o) => push('error', m, o),
      warning: (m, o) => push('warning', m, o),
    }),
    [push],
  );

  const notices = useMemo(() => all.filter((n) => n.page === current), [all, current]);
  const value = useMemo(() => ({ notify, notices, dismiss }), [notify, notices, dismiss]);
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

function useNoticeState(): NoticeState {
  const state = useContext(NoticeContext);
  if (!state) throw new Error('Notices need a NoticeProvider');
  return state;
}

export function useNotify(): Notify {
  return useNoticeState().notify;
}

/**
 * The one place notices show: a stack in the page's flow (newest first), so a notice pushes the
 * page down rather than covering its title or controls. Successes are announced politely
 * (role status), errors and warnings at once (role alert). An error or warning raised while the
 * region is scrolled out of sight brings it into view.
 */
export function NoticeRegion({ className }: { className?: string }) {
  const { notices, dismiss } = useNoticeState();
  const ref = useRef<HTMLDivElement>(null);
  const newest = notices[0];

  useEffect(() => {
    const region = ref.current;
    if (!region || !newest || newest.tone === 'success') return;
    const box = region.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight) region.scrollIntoView?.({ block: 'nearest' });
  }, [newest]);

  return (
    <div ref={ref} className={['ui-notices', className].filter(Boolean).join(' ')} data-empty={notices.length === 0 || undefined}>
      {notices.map((n) => (
        <div key={n.id} role={n.tone === 'success' ? 'status' : 'alert'} className={`ui-notice ui-notice--${n.tone}`}>
          <p className="ui-notice__text">{n.message}</p>
          <button type="button" className="ui-icon-button ui-notice__close" aria-label="Dismiss message" onClick={() => dismiss(n.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
