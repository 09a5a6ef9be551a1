import { useCallback, useEffect, useRef, useState } from 'react';

/** Shortest time the 'Logging out...' overlay stays up, even when the call is faster. */
export const LOGOUT_MIN_DURATION_MS = 1000;
export const LOGOUT_FAILURE_MESSAGE = 'Uh oh... something went wrong. Please try again later.';

export interface UseLogoutOptions {
  /** Where to go after logging out (default '/login'). */
  redirectTo?: string;
  /** Minimum overlay time in ms (default 1000). */
  minDurationMs?: number;
}

export interface UseLogout {
  /** True while the overlay should show. */
  loggingOut: boolean;
  /** Starts logging out; a second call while one is running is ignored. */
  logout: () => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs the logout call behind a 'Logging out...' overlay held at least one
 * second, then navigates to /login. On failure it alerts
 * 'Uh oh... something went wrong. Please try again later.' and hides the overlay.
 */
export function useLogout(
  logoutFn: () => Promise<void>,
  navigate: (path: string) => void,
  { redirectTo = '/login', minDurationMs = LOGOUT_MIN_DURATION_MS }: UseLogoutOptions = {},
): UseLogout {
  const [loggingOut, setLoggingOut] = useState(false);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const logout = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setLoggingOut(true);
    try {
      await Promise.all([logoutFn(), wait(minDurationMs)]);
      navigate(redirectTo);
    } catch {
      window.alert(LOGOUT_FAILURE_MESSAGE);
    } finally {
      running.current = false;
      if (mounted.current) setLoggingOut(false);
    }
  }, [logoutFn, navigate, redirectTo, minDurationMs]);

  return { loggingOut, logout };
}
