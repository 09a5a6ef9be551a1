import { AppProviders } from '@school/ui';
import { act, render } from '@testing-library/react';
import { type ReactElement, Suspense, useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** The current location, for assertions on navigation. */
export const locationRef = { current: '' };
function LocationProbe() {
  const l = useLocation();
  useEffect(() => {
    locationRef.current = `${l.pathname}${l.search}`;
  });
  return null;
}

/** Renders a page and lets data it suspends on (React's `use`) arrive before returning. */
export async function renderLoaded(...args: Parameters<typeof renderAt>) {
  let result!: ReturnType<typeof renderAt>;
  await act(async () => {
    result = renderAt(...args);
  });
  return result;
}

/** Renders a page inside the app's providers at a route (path pattern + URL). */
export function renderAt(ui: ReactElement, { path = '*', url = '/' }: { path?: string; url?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders app="web">
        <LocationProbe />
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
        </Suspense>
      </AppProviders>
    </MemoryRouter>,
  );
}
