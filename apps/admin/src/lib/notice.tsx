import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

type Tone = 'success' | 'error' | 'warning';

interface Notice {
  id: number;
  tone: Tone;
  message: string;
}

export interface Notify {
  success(message: string): void;
  error(message: string): void;
  warning(message: string): void;
}

const NoticeContext = createContext<Notify | null>(null);

/** Success notices leave by themselves; errors and warnings stay until closed. */
const SUCCESS_MS = 6000;

/**
 * The console's alerts (learning spec, section 8) as notices in live regions: successes are
 * announced politely, errors and warnings at once. The regions exist before any message arrives
 * so that screen readers pick the messages up.
 */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setNotices((all) => all.filter((n) => n.id !== id));
  }, []);

  const push = useCallback(
    (tone: Tone, message: string) => {
      const id = nextId.current++;
      // The same message twice in a row shows once.
      setNotices((all) => [...all.filter((n) => n.message !== message), { id, tone, message }].slice(-3));
      if (tone === 'success') timers.current.set(id, setTimeout(() => dismiss(id), SUCCESS_MS));
    },
    [dismiss],
  );

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach((t) => clearTimeout(t));
  }, []);

  const notify = useMemo<Notify>(
    () => ({
      success: (m) => push('success', m),
      error: (m) => push('error', m),
      warning: (m) => push('warning', m),
    }),
    [push],
  );

  const render = (list: Notice[]) =>
    list.map((n) => (
      <div key={n.id} className={`admin-notice admin-notice--${n.tone}`}>
        <p className="admin-notice__text">{n.message}</p>
        <button type="button" className="ui-icon-button admin-notice__close" aria-label="Dismiss message" onClick={() => dismiss(n.id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    ));

  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div className="admin-notices">
        <div role="status" aria-live="polite" className="admin-notices__region">
          {render(notices.filter((n) => n.tone === 'success'))}
        </div>
        <div role="alert" aria-live="assertive" className="admin-notices__region">
          {render(notices.filter((n) => n.tone !== 'success'))}
        </div>
      </div>
    </NoticeContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error('useNotify needs a NoticeProvider');
  return notify;
}
