import '@school/ui/styles.css';
import './app/app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>
);
// Prerendered pages are hydrated. The 404 page (served for any unknown path) and the dev
// server's empty shell are rendered afresh, since their HTML need not match the route.
// Hydrating inside a transition lets React yield to the browser every few milliseconds instead of
// blocking the main thread for the whole page (the page is already visible and readable).
if (root.firstElementChild && !root.dataset.fallback) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
