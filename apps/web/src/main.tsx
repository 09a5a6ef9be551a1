import '@school/ui/styles.css';
import './styles/site.css';
import { StrictMode } from 'react';
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
if (root.firstElementChild && !root.dataset.fallback) hydrateRoot(root, app);
else createRoot(root).render(app);
