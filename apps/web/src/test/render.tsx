import { AppProviders } from '@school/ui';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** The current location, for assertions on navigation. */
export const location = { current: '' };
function LocationProbe() {
  const l = useLocation();
  location.current = `${l.pathname}${l.search}`;
  return null;
}

/** Renders a page inside the app's providers at a route (path pattern + URL). */
export function renderAt(ui: ReactElement, { path = '*', url = '/' }: { path?: string; url?: string } = {}) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppProviders app="web">
        <LocationProbe />
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}
